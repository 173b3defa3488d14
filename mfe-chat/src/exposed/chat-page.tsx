/** Exposed as `./ChatPage`: /chat, rendered by the shell inside its router and providers. */
export { ChatPage as default } from '../features/chat/components/chat-page';
