// Filled in by issue 6 (approvals).
export {};
