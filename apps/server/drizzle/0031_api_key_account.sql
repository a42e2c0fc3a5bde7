-- An API key works in the account its maker was working in when they made it (issue 32 with 27): a team
-- member's key reaches the team's account with that member's permissions. Null: the maker's own account.
ALTER TABLE "api_keys" ADD COLUMN "account_id" integer REFERENCES "users"("id") ON DELETE cascade;
