-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "uploads" (
    "key" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "content_type" TEXT NOT NULL,
    "size_bytes" BIGINT NOT NULL DEFAULT 0,
    "sha256" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "uploads_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "uploads_expires_at_idx" ON "uploads"("expires_at");

-- CreateIndex
CREATE INDEX "uploads_account_id_created_at_idx" ON "uploads"("account_id", "created_at");
