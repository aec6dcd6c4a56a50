-- AlterTable
ALTER TABLE "idempotency_records" ADD COLUMN     "locked_until" TIMESTAMP(3) NOT NULL DEFAULT (timezone('UTC'::text, now()) + '00:10:00'::interval);
