export * from './audit';
export * from './auth';
export * from './capabilities';
export * from './constants';
export * from './errors';
export * from './health';
export * from './roles';
export * from './texts';
