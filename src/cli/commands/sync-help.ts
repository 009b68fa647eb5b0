// The help line of `monad sync`, apart from the command so the CLI lists it without loading Yjs and Hocuspocus.
export const syncHelp =
  "monad sync serve --data DIR --port N [--host H --tls-cert F --tls-key F | --behind-proxy] | invite [--relay URL | --data DIR [--space NAME]] | join CODE --relay URL | join LINK [--name NAME] | now | status | devices | revoke DEVICE | consolidation-device [DEVICE|this]   run a relay, pair devices, sync this home, choose where scheduled consolidation runs (issue 30)";
