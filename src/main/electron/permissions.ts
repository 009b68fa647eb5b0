// Monad needs no browser permission (camera, notifications, geolocation, HID, …): deny every request
// and every check, so a compromised renderer cannot prompt the person or reach a device.
import type { Session } from 'electron';

export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => {
    console.warn(`[permissions] denied request for "${permission}"`);
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}
