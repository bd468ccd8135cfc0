export * from './auth';
export * from './restaurants';
export * from './orders';
export * from './billing';
export * from './realtime';
export * from './admin';
export * from './email';
export * from './phone-verification';
