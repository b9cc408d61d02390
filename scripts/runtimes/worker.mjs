// workerd: each POST runs the scenario with the configuration in its JSON body and answers the result.
import { runScenario } from './scenario.mjs';

export default {
  async fetch(request) {
    const result = await runScenario(await request.json());
    return Response.json(result);
  },
};
