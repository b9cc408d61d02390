/** The webhook replicas suite (`npm run test:webhook-replicas`): see `webhookReplicaSuites` in jest.config.js. */
import base, { webhookReplicaSuites } from './jest.config.js';

export default {
  ...base,
  testPathIgnorePatterns: ['/node_modules/'],
  testMatch: webhookReplicaSuites,
  testTimeout: 180_000,
};
