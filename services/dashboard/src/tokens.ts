export const LOGGER = Symbol('DASHBOARD_LOGGER');
