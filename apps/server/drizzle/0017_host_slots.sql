CREATE UNLOGGED TABLE "host_slots" (
	"host" text NOT NULL,
	"slot" smallint NOT NULL,
	"held_by" text NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	CONSTRAINT "host_slots_host_slot_pk" PRIMARY KEY("host","slot")
);
