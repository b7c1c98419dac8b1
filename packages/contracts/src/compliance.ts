// Filled in by issue 6 (compliance).
export {};
