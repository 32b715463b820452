// Plain CSS files are imported for their side effect (webpack's built-in CSS support).
declare module '*.css';
