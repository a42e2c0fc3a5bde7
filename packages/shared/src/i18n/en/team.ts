export default {
  errors: {
    invitationInvalid: 'This invitation is invalid, expired or already used. Ask for a new one.',
    alreadyMember: 'This address already works in the account.',
    ownAccount: 'You own this account: there is nothing to join.',
    loginExists: 'This address already has a login: log in, then open the invitation link again.',
    nameAndPassword: 'Enter your name and a password to create your login.',
    cannotGrant: 'You cannot grant a permission you do not hold.',
    notYourself: 'You cannot change or remove your own access; ask the account’s owner.',
    notAMember: 'You do not work in this account.',
  },
};
