/** The user record the paging benchmarks serve, the i-th of the index. */
export function benchUser(i) {
  return {
    id: `PU${i}`,
    type: 'user',
    name: `User ${i}`,
    email: `user${i}@example.com`,
    time_zone: 'Europe/London',
    self: `https://api.pagerduty.com/users/PU${i}`,
    html_url: `https://acme.pagerduty.com/users/PU${i}`,
  };
}
