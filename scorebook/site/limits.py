"""How often one client address may sign up, sign in and import records."""

# Per client address: enough for a club night behind one router, too few for a script. Only
# the accounts made count towards SIGNUP_RATE (ten typos in a password at one table lock
# nobody out for an hour); SIGNUP_TRIES bounds every sign-up form sent, for scripts.
SIGNUP_RATE = "10/h"
SIGNUP_TRIES = "60/h"
LOGIN_RATE = "20/m"
IMPORT_RATE = "30/m"
