-- CreateTable
CREATE TABLE "jobs" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "request_id" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "pages" INTEGER NOT NULL,
    "schema_json" TEXT NOT NULL,
    "upload_key" TEXT NOT NULL,
    "reservation_id" TEXT NOT NULL,
    "result_json" TEXT,
    "error_code" TEXT,
    "error_detail" TEXT,
    "billed_pages" INTEGER NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),
    "expires_at" TIMESTAMP(3),

    CONSTRAINT "jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "jobs_account_id_created_at_idx" ON "jobs"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "jobs_expires_at_idx" ON "jobs"("expires_at");
