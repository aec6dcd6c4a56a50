-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "quota_hold_id" TEXT NOT NULL DEFAULT '';
