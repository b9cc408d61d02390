// Kept for the tests under core/client that still import it from here; the kit holds the one copy.
export { deepFreeze } from './test-kit.js';
