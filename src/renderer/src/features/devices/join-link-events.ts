// The desktop app opened with an invite link (issue 30 §4): the Electron main parses the link the OS hands
// it and sends `sync.joinLink`; here it opens Settings → Devices with the Join form filled (the shell's
// `syncJoin` intent, consumed by the form). Nothing joins until the person presses Join.
import { useShell } from '../../app/shell-store';
import { on } from '../../lib/api';
import { useSettingsNav } from '../settings/nav-store';
import { toast } from '../toasts/store';

export function wireJoinLinks(): () => void {
  return on('sync.joinLink', (r) => {
    useSettingsNav.getState().show('devices');
    if (r.ok) useShell.getState().navigate({ kind: 'syncJoin', relay: r.link.relay, code: r.link.code });
    else {
      useShell.getState().setTab('settings');
      toast.error('Monad was opened with a link it will not use', r.error);
    }
  });
}
