-- CreateTable
CREATE TABLE "payment_customers" (
    "account_id" TEXT NOT NULL,
    "processor" TEXT NOT NULL,
    "customer_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_customers_pkey" PRIMARY KEY ("account_id","processor")
);

-- CreateTable
CREATE TABLE "payment_methods" (
    "id" UUID NOT NULL,
    "account_id" TEXT NOT NULL,
    "processor" TEXT NOT NULL,
    "processor_method_id" TEXT NOT NULL,
    "brand" TEXT NOT NULL DEFAULT '',
    "last4" TEXT NOT NULL DEFAULT '',
    "exp_month" INTEGER NOT NULL DEFAULT 0,
    "exp_year" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "detached_at" TIMESTAMP(3),

    CONSTRAINT "payment_methods_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payments" (
    "id" UUID NOT NULL,
    "account_id" TEXT NOT NULL,
    "processor" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "requested_micros" BIGINT NOT NULL,
    "paid_micros" BIGINT NOT NULL DEFAULT 0,
    "tax_micros" BIGINT NOT NULL DEFAULT 0,
    "credited_micros" BIGINT NOT NULL DEFAULT 0,
    "pages" BIGINT NOT NULL DEFAULT 0,
    "refunded_micros" BIGINT NOT NULL DEFAULT 0,
    "reversed_micros" BIGINT NOT NULL DEFAULT 0,
    "processor_checkout_id" TEXT,
    "processor_payment_id" TEXT,
    "receipt_url" TEXT NOT NULL DEFAULT '',
    "failure_code" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "succeeded_at" TIMESTAMP(3),

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "processed_events" (
    "processor" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "account_id" TEXT,
    "outcome" TEXT NOT NULL,
    "received_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "processed_events_pkey" PRIMARY KEY ("processor","event_id")
);

-- CreateTable
CREATE TABLE "auto_recharges" (
    "account_id" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "trigger_micros" BIGINT NOT NULL,
    "amount_micros" BIGINT NOT NULL,
    "daily_cap_micros" BIGINT,
    "weekly_cap_micros" BIGINT,
    "state" TEXT NOT NULL DEFAULT 'active',
    "notice" TEXT NOT NULL DEFAULT '',
    "armed" BOOLEAN NOT NULL DEFAULT true,
    "retry_at" TIMESTAMP(3),
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "auto_recharges_pkey" PRIMARY KEY ("account_id")
);

-- CreateTable
CREATE TABLE "recharge_attempts" (
    "id" UUID NOT NULL,
    "account_id" TEXT NOT NULL,
    "amount_micros" BIGINT NOT NULL,
    "state" TEXT NOT NULL,
    "payment_id" UUID,
    "failure_code" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "recharge_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "payment_customers_processor_customer_id_key" ON "payment_customers"("processor", "customer_id");

-- CreateIndex
CREATE INDEX "payment_methods_account_id_created_at_idx" ON "payment_methods"("account_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "payment_methods_processor_processor_method_id_key" ON "payment_methods"("processor", "processor_method_id");

-- CreateIndex
CREATE UNIQUE INDEX "payments_processor_checkout_id_key" ON "payments"("processor_checkout_id");

-- CreateIndex
CREATE UNIQUE INDEX "payments_processor_payment_id_key" ON "payments"("processor_payment_id");

-- CreateIndex
CREATE INDEX "payments_account_id_created_at_id_idx" ON "payments"("account_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "processed_events_received_at_idx" ON "processed_events"("received_at");

-- CreateIndex
CREATE UNIQUE INDEX "recharge_attempts_payment_id_key" ON "recharge_attempts"("payment_id");

-- CreateIndex
CREATE INDEX "recharge_attempts_account_id_created_at_idx" ON "recharge_attempts"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "recharge_attempts_state_created_at_idx" ON "recharge_attempts"("state", "created_at");
