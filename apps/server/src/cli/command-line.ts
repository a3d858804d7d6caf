import { ConfigError, loadConfig, type Config } from '../config';

/** Ends a command with its reason: exit code 2 for a wrong command line, 1 for anything else. */
export function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** The configuration from the environment; a bad one ends the command with what is wrong, not a stack. */
export function loadCommandConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}
