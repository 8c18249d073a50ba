/** Enumerations shared by the servicing views, validations and screens (no server code). */
export const DELINQUENCY_LEVELS = ['lease', 'lessee'] as const;
export const DELINQUENCY_SORTS = ['dpd', 'arrearsTotal', 'arrearsNet', 'arrearsVat', 'outstanding', 'name', 'contract'] as const;
export const BEHAVIOUR_SORTS = ['name', 'onTimeRate', 'averageDaysLate', 'maxDaysLate', 'dpd', 'arrearsTotal', 'instalmentsDue', 'lastPaymentDate'] as const;
