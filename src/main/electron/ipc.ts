// Binds every contract channel to its own `ipcMain.handle('monad:invoke:<channel>')`. Each call must
// come from the main window's top frame showing our renderer; anything else gets FORBIDDEN and never
// reaches the engine. Input is parsed by `dispatch` with the channel's schema.
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { invokeChannel } from '../../shared/channel-names';
import { CHANNELS } from '../../shared/contract';
import type { Result } from '../../shared/errors';
import { dispatch, type DispatchContext } from '../contract/dispatch';
import type { Handlers } from '../contract/handlers';

export interface IpcBindingOptions {
  handlers: Handlers;
  /** The main window's web contents; null while no window is open. */
  mainWebContents: () => WebContents | null;
  isOwnUrl: (url: string) => boolean;
  ctx?: DispatchContext;
}

/** Why a sender is refused, or null when it is our main window's top frame on our renderer page. */
export function untrustedSenderReason(event: IpcMainInvokeEvent, opts: Pick<IpcBindingOptions, 'mainWebContents' | 'isOwnUrl'>): string | null {
  const main = opts.mainWebContents();
  if (!main || main.isDestroyed()) return 'no main window is open';
  if (event.sender !== main && event.sender?.id !== main.id) return 'a web contents other than the main window';
  let frame: IpcMainInvokeEvent['senderFrame'];
  try {
    frame = event.senderFrame;
  } catch {
    frame = null;
  }
  if (!frame) return 'a frame that no longer exists';
  const top = main.mainFrame;
  if (frame.parent !== null || frame.processId !== top.processId || frame.routingId !== top.routingId) return 'a subframe';
  if (!opts.isOwnUrl(frame.url)) return 'a page that is not the Monad renderer';
  return null;
}

/** Registers one handler per channel; returns a function that removes them all. */
export function bindIpc(opts: IpcBindingOptions): () => void {
  const bound: string[] = [];
  for (const name of CHANNELS) {
    const ipcName = invokeChannel(name);
    ipcMain.handle(ipcName, async (event, input: unknown): Promise<Result<unknown>> => {
      const reason = untrustedSenderReason(event, opts);
      if (reason !== null) {
        console.warn(`[ipc] refused ${name} from ${reason}`);
        return { ok: false, error: { code: 'FORBIDDEN', message: `Refused ${name}: the call came from ${reason}` } };
      }
      return dispatch(opts.handlers, name, input, opts.ctx);
    });
    bound.push(ipcName);
  }
  return () => {
    for (const ipcName of bound) ipcMain.removeHandler(ipcName);
  };
}
