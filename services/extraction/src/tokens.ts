export const LOGGER = Symbol('LOGGER');
