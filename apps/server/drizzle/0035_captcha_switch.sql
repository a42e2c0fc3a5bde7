-- Issue 28: the operator's captcha switch. On by default: a configured captcha is asked for as before.
ALTER TABLE "settings" ADD COLUMN "captcha_enabled" boolean DEFAULT true NOT NULL;
