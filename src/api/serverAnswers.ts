/** The element a server-rendered page carries its API answers in (server/ssr.ts writes it, src/main.tsx reads it). */
export const serverAnswersElementId = 'server-answers';
