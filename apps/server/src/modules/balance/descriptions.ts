/**
 * Ledger descriptions the product writes in words of its own (not a machine tag like `task:2`): stored
 * in English as written, shown in the reader's language through `balance.descriptions.<key>`. An
 * operator's words (`user:credit --description`) are not among them and are shown as written.
 */
export const WELCOME_CREDITS_DESCRIPTION = 'Welcome credits';
export const DEMO_CREDITS_DESCRIPTION = 'Demo credits';

export const FIXED_DESCRIPTIONS: Readonly<Record<string, 'welcome' | 'demo'>> = {
  [WELCOME_CREDITS_DESCRIPTION]: 'welcome',
  [DEMO_CREDITS_DESCRIPTION]: 'demo',
};
