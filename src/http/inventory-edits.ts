// Counted nouns for the messages and activity summaries of the handlers that change the inventory (now in lib/).
export { counted } from '../lib/counted.ts';
