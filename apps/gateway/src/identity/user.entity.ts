import { defineEntity, p } from '@mikro-orm/core';

const UserSchema = defineEntity({
  name: 'User',
  tableName: 'user_account',
  properties: {
    id: p.text().primary(),
    /** Stored lower-cased: the natural key of a user. */
    email: p.text().unique(),
    name: p.text().nullable(),
    /** scrypt, for the OAuth login page; null for users who never log in. */
    passwordHash: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export class User extends UserSchema.class {}
UserSchema.setClass(User);
