// Settings → Devices (issue 30 §4): the same memory on every device, with devices the person controls.
// Not paired: join a home with an invite code and the relay's address. Paired: make an invite code for
// another device (six words and a QR code, valid once for 15 minutes), and the home's devices with when
// each was last seen, this one marked, and Revoke (after a confirmation). The credential never reaches
// this screen: the engine keeps it. The invite's link, pasted or opened from the OS, fills the Join form.
import '../../styles/devices.css';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { SyncDeviceView, SyncDevicesView, SyncInviteView } from '../../../../shared/contract-sync-devices';
import { Section } from '../../app/Section';
import { confirmAction } from '../../app/confirm';
import { invoke } from '../../lib/api';
import { useShell } from '../../app/shell-store';
import { readJoinField, spacedCode } from './join-link';
import { fullTime, shortAgo } from '../../lib/time';

export function DevicesSection() {
  const [view, setView] = useState<SyncDevicesView | null>(null);
  const [invite, setInvite] = useState<SyncInviteView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setView(await invoke('sync.devices', {}));
      setError(null);
    } catch (err) {
      setError((err as Error).message);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  // An invite link opened on a device that is already paired: say so rather than drop it silently.
  const intent = useShell((s) => s.intent);
  useEffect(() => {
    if (intent?.kind !== 'syncJoin' || !view?.paired) return;
    setError(`This device is already paired with ${view.relay ?? 'a relay'}, so the invite link was not used. An invite link is for a device that is not paired yet: open it there.`);
    useShell.getState().clearIntent();
  }, [intent, view]);

  const act = async <T,>(fn: () => Promise<T>): Promise<T | null> => {
    setBusy(true);
    try {
      const out = await fn();
      setError(null);
      return out;
    } catch (err) {
      setError((err as Error).message);
      return null;
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (d: SyncDeviceView) => {
    const ok = await confirmAction({
      title: `Revoke ${d.name}?`,
      message: d.thisDevice
        ? 'This device will stop syncing at once. Nothing on it is deleted; to sync again it needs a new invite code.'
        : `${d.name} will stop syncing at once: the relay closes its connection and refuses it from now on. Nothing on it is deleted; to sync again it needs a new invite code.`,
      confirmLabel: 'Revoke',
      danger: true,
    });
    if (!ok) return;
    const next = await act(() => invoke('sync.revoke', { device: d.id }));
    if (next) setView(next);
  };

  return (
    <Section
      title="Devices"
      description="Sync this home's memory with your other devices through a relay you run (monad sync serve). Each device has its own credential, which you can revoke at any time."
      testId="devices-settings"
      actions={
        <button type="button" className="button" onClick={() => void load()} disabled={busy} data-testid="devices-refresh">
          Refresh
        </button>
      }
    >
      {error ? (
        <p className="field-error" role="alert" data-testid="devices-error">
          {error}
        </p>
      ) : null}
      {!view ? (
        <p className="muted">Loading…</p>
      ) : view.paired ? (
        <>
          <p className="devices-home" data-testid="devices-home">
            This device is <strong>{view.deviceName ?? view.deviceId}</strong> in the home <span className="mono">{view.space}</span> on{' '}
            <span className="mono selectable">{view.relay}</span>.
          </p>
          <ConsolidationLine view={view} busy={busy} onHere={async () => {
            const next = await act(() => invoke('sync.consolidateHere', {}));
            if (next) setView(next);
          }} />
          <InviteArea invite={invite} busy={busy} onInvite={async () => setInvite(await act(() => invoke('sync.invite', {})))} onDone={() => setInvite(null)} />
          <h3 className="devices-subtitle">Devices of this home</h3>
          {view.error ? (
            <p className="field-error" role="alert" data-testid="devices-list-error">
              {view.error}
            </p>
          ) : null}
          <ul className="card-list devices-list" data-testid="devices-list">
            {view.devices.map((d) => (
              <DeviceRow key={d.id} d={d} busy={busy} onRevoke={() => void revoke(d)} />
            ))}
          </ul>
        </>
      ) : (
        <JoinForm busy={busy} onJoin={async (input) => {
          const next = await act(() => invoke('sync.join', input));
          if (next) setView(next);
        }} />
      )}
    </Section>
  );
}

/** Where the scheduled consolidation runs (issue 30 §3): one device of the home; the others run it on demand. */
function ConsolidationLine(props: { view: SyncDevicesView; busy: boolean; onHere: () => void }) {
  const c = props.view.consolidation;
  return (
    <p className="devices-consolidation" data-testid="devices-consolidation">
      Scheduled consolidation runs on: <strong data-testid="devices-consolidation-device">{c ? (c.thisDevice ? `${c.name} (this device)` : c.name) : 'the first device to sync'}</strong>
      {c?.pending ? <span className="muted"> · the other devices learn it at the next sync</span> : null}{' '}
      {c?.thisDevice ? null : (
        <button type="button" className="button" disabled={props.busy} onClick={props.onHere} data-testid="devices-consolidate-here">
          Run it on this device
        </button>
      )}
    </p>
  );
}

function InviteArea(props: { invite: SyncInviteView | null; busy: boolean; onInvite: () => void; onDone: () => void }) {
  const { invite } = props;
  if (!invite) {
    return (
      <div className="devices-invite-start">
        <button type="button" className="button button-primary" disabled={props.busy} onClick={props.onInvite} data-testid="devices-invite">
          Invite a device
        </button>
        <span className="muted">Makes a code another device enters once, within 15 minutes.</span>
      </div>
    );
  }
  const minutes = Math.max(0, Math.round((Date.parse(invite.expiresAt) - Date.now()) / 60_000));
  return (
    <div className="card devices-invite" data-testid="devices-invite-card">
      <img className="devices-qr" src={invite.qrSvg} alt={`QR code of the invite code ${invite.code.split('-').join(' ')}`} width={148} height={148} />
      <div className="devices-invite-text">
        <div className="field-label">Invite code</div>
        <p className="devices-code mono selectable" data-testid="devices-invite-code">
          {invite.code.split('-').join(' ')}
        </p>
        <p className="muted devices-invite-help">
          Valid once, for {minutes} more minute{minutes === 1 ? '' : 's'} (until <time dateTime={invite.expiresAt}>{fullTime(invite.expiresAt)}</time>). On the new device, open
          Settings → Devices and enter it with the relay <span className="mono selectable">{invite.relay}</span>, or run{' '}
          <span className="mono selectable">monad sync join {invite.code} --relay {invite.relay}</span>.
        </p>
        <button type="button" className="button" onClick={props.onDone} data-testid="devices-invite-done">
          Done
        </button>
      </div>
    </div>
  );
}

function DeviceRow(props: { d: SyncDeviceView; busy: boolean; onRevoke: () => void }) {
  const { d } = props;
  return (
    <li className={`card devices-row${d.revokedAt ? ' is-revoked' : ''}`} data-testid="devices-row" data-device={d.id}>
      <div>
        <div className="devices-name">
          {d.name}
          {d.thisDevice ? (
            <span className="pill pill-ok devices-this" data-testid="devices-this">
              This device
            </span>
          ) : null}
        </div>
        <div className="muted devices-meta" data-testid="devices-meta">
          {d.revokedAt ? (
            <>
              Revoked <time dateTime={d.revokedAt} title={fullTime(d.revokedAt)}>{fullTime(d.revokedAt)}</time>
            </>
          ) : d.lastSeenAt ? (
            <>
              Last seen <time dateTime={d.lastSeenAt} title={fullTime(d.lastSeenAt)}>{shortAgo(d.lastSeenAt)}</time>
            </>
          ) : (
            'Not seen yet'
          )}{' '}
          · <span className="mono">{d.id}</span>
        </div>
      </div>
      {d.revokedAt ? (
        <span className="pill pill-error">Revoked</span>
      ) : (
        <button type="button" className="button button-danger-text" disabled={props.busy} onClick={props.onRevoke} data-testid="devices-revoke" aria-label={`Revoke ${d.name}`}>
          Revoke
        </button>
      )}
    </li>
  );
}

function JoinForm(props: { busy: boolean; onJoin: (input: { code: string; relay: string; name?: string }) => Promise<void> }) {
  const [code, setCode] = useState('');
  const [relay, setRelay] = useState('');
  const [name, setName] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);
  // A pasted invite link fills both fields; anything else is kept as typed (join-link.ts).
  const onField = (value: string, keep: (v: string) => void) => {
    const read = readJoinField(value);
    if (read.kind === 'link') {
      setCode(read.code);
      setRelay(read.relay);
      setLinkError(null);
    } else {
      // A refused link stays in the field as typed (someone typing a link by hand is not blocked), with why.
      keep(value);
      setLinkError(read.kind === 'refused' ? read.error : null);
    }
  };
  // A link the desktop app was opened with (the OS's monad:// handler) fills the fields; never joins by itself.
  const intent = useShell((s) => s.intent);
  const clearIntent = useShell((s) => s.clearIntent);
  useEffect(() => {
    if (intent?.kind !== 'syncJoin') return;
    setCode(spacedCode(intent.code));
    setRelay(intent.relay);
    setLinkError(null);
    clearIntent();
  }, [intent, clearIntent]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void props.onJoin({ code, relay, name: name.trim() || undefined });
  };
  return (
    <form className="card devices-join" onSubmit={submit} data-testid="devices-join-form">
      <p className="devices-join-intro">
        This device is not paired. On a device that is, open Settings → Devices and choose <em>Invite a device</em> (or run <span className="mono">monad sync invite</span>); then enter the code and the relay's address here.
      </p>
      <p className="muted" id="devices-join-hint">
        Or paste the invite link (<span className="mono">monad://sync/join?…</span>) into either field: it fills both.
      </p>
      {linkError ? (
        <p className="field-error" role="alert" data-testid="devices-join-link-error">
          {linkError}
        </p>
      ) : null}
      <label className="field">
        <span className="field-label">Invite code (six words)</span>
        <input className="input" value={code} onChange={(e) => onField(e.target.value, setCode)} autoComplete="off" spellCheck={false} required aria-describedby="devices-join-hint" aria-invalid={linkError ? true : undefined} data-testid="devices-join-code" />
      </label>
      <label className="field">
        <span className="field-label">Relay address</span>
        <input className="input mono" value={relay} onChange={(e) => onField(e.target.value, setRelay)} placeholder="wss://relay.example.org" spellCheck={false} required data-testid="devices-join-relay" />
      </label>
      <label className="field">
        <span className="field-label">This device's name (optional)</span>
        <input className="input" value={name} onChange={(e) => setName(e.target.value)} maxLength={80} placeholder="Laptop" data-testid="devices-join-name" />
      </label>
      <div className="card-actions">
        <button type="submit" className="button button-primary" disabled={props.busy || !code.trim() || !relay.trim()} data-testid="devices-join">
          Join
        </button>
      </div>
    </form>
  );
}
