import {
  PLANS,
  billingCycleSchema,
  planIdSchema,
  type BillingCycle,
  type Plan,
  type PlanId,
} from '@beacon/contract';

export const DEFAULT_CYCLE: BillingCycle = 'monthly';

/** The plans a payment is for; Starter is free and needs none. */
export const PAID_PLANS: readonly PlanId[] = PLANS.filter((plan) => plan.price.monthly > 0).map(
  (plan) => plan.id,
);

export function findPlan(id: PlanId): Plan {
  const plan = PLANS.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}

/** `?cycle=` as a billing cycle; anything else is the default. */
export function parseCycle(value: string | null): BillingCycle {
  const parsed = billingCycleSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_CYCLE;
}

/** `?plan=` as a plan id, or null when it names none. */
export function parsePlan(value: string | null): PlanId | null {
  const parsed = planIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** How much cheaper a year is than twelve months, in whole percent, at best across the plans. */
export function bestYearlySaving(): number {
  return Math.max(
    0,
    ...PLANS.filter((plan) => plan.price.monthly > 0).map((plan) =>
      Math.round((1 - plan.price.yearly / plan.price.monthly) * 100),
    ),
  );
}
