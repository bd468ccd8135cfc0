export * from './auth';
export * from './restaurants';
export * from './orders';
export * from './billing';
export * from './realtime';
