// Filled in by issue 6 (notifications).
export {};
