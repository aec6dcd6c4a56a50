-- DropIndex
DROP INDEX "jobs_account_id_created_at_idx";

-- CreateIndex
CREATE INDEX "jobs_account_id_created_at_id_idx" ON "jobs"("account_id", "created_at", "id");
