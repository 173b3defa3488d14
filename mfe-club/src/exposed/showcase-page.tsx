/** Exposed as `./ShowcasePage`: the public showcase at /, rendered by the shell signed in or out. */
export { ShowcasePage as default } from '../features/showcase/components/showcase-page';
