// The only script of the page that answers a sign-in or sign-up posted before the scripts arrived
// (server/features/catalogue/formPosts.ts; server/features/catalogue/ssr.ts puts it in place of src/boot.ts). That page carries the new
// session in <meta name="session-handoff"> (why there: server/features/catalogue/ssr.ts). It goes into localStorage
// under the key src/lib/auth.ts reads, leaves the page, and the visitor goes where the scripted
// form would have sent them (a same-site path the server chose), the answer replaced in history
// so that Back does not post the form again; the report of wrong passwords tried meanwhile goes
// along as after a scripted sign-in. An entry of its own, so that no other page carries it.
import { rememberSignInAlert } from './lib/signInAlert';

const handoff = document.querySelector<HTMLMetaElement>('meta[name="session-handoff"]');
if (handoff) {
  localStorage.setItem('accessToken', handoff.content);
  const failures = Number(handoff.dataset.failedSignIns ?? 0);
  rememberSignInAlert(failures > 0 ? { failedSignIns: failures, lastFailedSignInAt: handoff.dataset.lastFailedAt || undefined } : {});
  handoff.remove();
  location.replace(handoff.dataset.destination ?? '/');
}
