import { STRIPE_TIMEOUT_MAX_MS } from '../../billing/src/config.js';
import { BILLING_PROCESSOR_DEADLINE_SECONDS, BILLING_PROCESSOR_METHODS, paymentRefusal } from '../src/payments/payments.controller.js';

const NOT_ANSWERING = 'The payment processor is not answering right now. Nothing was charged; please try again in a minute.';

test('a billing call past its deadline gets the same "processor not answering" page as an unavailable processor', () => {
  expect(paymentRefusal(14)).toBe(NOT_ANSWERING); // UNAVAILABLE
  expect(paymentRefusal(4)).toBe(NOT_ANSWERING); // DEADLINE_EXCEEDED
  expect(paymentRefusal(9)).toMatch(/not available on this deployment/); // FAILED_PRECONDITION
  for (const other of [undefined, 2, 3, 13]) expect(paymentRefusal(other)).toBeNull();
});

test('the dashboard waits for a checkout longer than billing\'s worst case with the longest Stripe timeout it accepts', () => {
  // Two Stripe calls (customer, checkout), each retried once by the library after 0.5 s.
  const worstMs = 2 * (2 * STRIPE_TIMEOUT_MAX_MS + 500);
  expect(BILLING_PROCESSOR_DEADLINE_SECONDS * 1000).toBeGreaterThan(worstMs + 5_000);
  for (const method of ['CreateTopUpCheckout', 'CreateCardSetup']) expect(BILLING_PROCESSOR_METHODS[method]?.timeoutSeconds).toBe(BILLING_PROCESSOR_DEADLINE_SECONDS);
});
