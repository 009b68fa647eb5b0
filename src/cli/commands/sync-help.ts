// The help line of `monad sync`, apart from the command so the CLI lists it without loading Yjs and Hocuspocus.
export const syncHelp = "monad sync serve --data DIR --port N | now [--relay URL --space NAME]   run a relay; sync this home's facts with it (issue 30)";
