// The async boundary: shared singletons are negotiated before any app code runs. A signed-out
// visit to /login starts with the light login page (React alone; it hands over to the whole app
// on sign-in); every other visit starts the whole app.
import { isSignedOutLoginVisit } from './light-login/first-visit';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

if (isSignedOutLoginVisit()) {
  void import(/* webpackChunkName: "light-login" */ './light-login/start').then(
    ({ startLightLogin }) => startLightLogin(container),
  );
} else {
  void import('./bootstrap').then(({ mountApp }) => mountApp(container));
}
