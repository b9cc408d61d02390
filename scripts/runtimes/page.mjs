// Chromium: the page runs the scenario with the configuration in its URL's fragment and leaves the result on
// `window.scenarioResult`.
import { runScenario } from './scenario.mjs';

const config = JSON.parse(decodeURIComponent(location.hash.slice(1)));
runScenario(config).then(
  (result) => (window.scenarioResult = result),
  (error) => (window.scenarioResult = { steps: [{ name: 'scenario', ok: false, detail: String(error) }] }),
);
