/**
 * How long the soak runs. `npm run test:soak` is the long form; `npm run test:soak:smoke` (CI) proves the same
 * properties over a short span, so a change that breaks them still fails CI without minutes of load.
 */
const smoke = process.env.SOAK_LENGTH === 'smoke';

export const SOAK_LENGTH = smoke
  ? { loadSeconds: 10, warmUpLoadSeconds: 5, swapsDuringLoad: 2, refreshCycles: 20, warmUpCycles: 5 }
  : { loadSeconds: 60, warmUpLoadSeconds: 10, swapsDuringLoad: 6, refreshCycles: 200, warmUpCycles: 10 };
