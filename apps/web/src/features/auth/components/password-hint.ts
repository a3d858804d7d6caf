/** Shown under every new-password input so the rule is known before the first refusal. */
export const passwordHint = 'At least 8 characters, with an upper-case and a lower-case letter, a digit and a symbol.';
