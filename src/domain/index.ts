/** Pure rules of the console (no I/O): phone, password, forms, money, plans, dates, URLs, text, the assistant's markdown. */
export * from './phone';
export * from './password';
export * from './forms';
export * from './money';
export * from './plans';
export * from './dates';
export * from './urls';
export * from './text';
export * from './assistant';
export * from './markdown';
