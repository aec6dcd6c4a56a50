-- AlterTable
-- Added nullable, filled, then NOT NULL: reservations made before this migration get the default
-- lifetime (6 h) from when they were made, so holds already stranded are released by the first sweep.
ALTER TABLE "reservations" ADD COLUMN     "expires_at" TIMESTAMP(3);
UPDATE "reservations" SET "expires_at" = "created_at" + interval '6 hours';
ALTER TABLE "reservations" ALTER COLUMN "expires_at" SET NOT NULL;

-- CreateIndex
CREATE INDEX "reservations_state_expires_at_idx" ON "reservations"("state", "expires_at");
