-- Issue 25: a donor domain's Facebook activity (reactions, comments and shares of its home page), from the Graph API.
ALTER TABLE "domains" ADD COLUMN "face_book_activity" bigint;
