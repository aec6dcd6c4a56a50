-- CreateTable
CREATE TABLE "wallets" (
    "account_id" TEXT NOT NULL,
    "plan" TEXT NOT NULL DEFAULT 'free',
    "credited_micros" BIGINT NOT NULL DEFAULT 0,
    "captured_micros" BIGINT NOT NULL DEFAULT 0,
    "held_micros" BIGINT NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "wallets_pkey" PRIMARY KEY ("account_id")
);

-- CreateTable
CREATE TABLE "ledger_entries" (
    "id" UUID NOT NULL,
    "account_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "amount_micros" BIGINT NOT NULL,
    "reference" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reservations" (
    "id" UUID NOT NULL,
    "account_id" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "pages" INTEGER NOT NULL,
    "amount_micros" BIGINT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'held',
    "charged_micros" BIGINT NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "reservations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ledger_entries_account_id_created_at_idx" ON "ledger_entries"("account_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "ledger_entries_account_id_kind_reference_key" ON "ledger_entries"("account_id", "kind", "reference");

-- CreateIndex
CREATE INDEX "reservations_state_created_at_idx" ON "reservations"("state", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "reservations_account_id_reference_key" ON "reservations"("account_id", "reference");
