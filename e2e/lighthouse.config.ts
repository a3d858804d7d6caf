import base from './playwright.config';

/** Same server as the browser tests; only the Lighthouse audit. */
export default { ...base, testDir: './lighthouse' };
