/** Exposed as `./DashboardCards`: the chat's card on the shell's /dashboard (its manifest's widget). */
export { ChatsCard as default } from '../features/chat/dashboard/chats-card';
