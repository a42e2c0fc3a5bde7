import { startTelegramStandIn } from './telegram.ts';

/**
 * The Telegram Bot API stand-in as a process of its own, for the browser tests (e2e/playwright.config.ts
 * starts it beside the server): TELEGRAM_STAND_IN_PORT, the bot token TELEGRAM_BOT_TOKEN. Its test-only
 * calls (`/_stand-in/…`) let a test press Start in the chat and read what the bot sent.
 */
const port = Number(process.env.TELEGRAM_STAND_IN_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('TELEGRAM_STAND_IN_PORT is required');
const stand = await startTelegramStandIn({ port, token: process.env.TELEGRAM_BOT_TOKEN, control: true });
console.log(`Telegram Bot API stand-in on ${stand.url}`);
const stop = () => void stand.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
