export * from './auth';
export * from './restaurants';
export * from './orders';
export * from './billing';
