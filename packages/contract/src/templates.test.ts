import { describe, expect, it } from 'vitest';
import { renderTemplate, templateValuesFor } from './templates.ts';

describe('renderTemplate', () => {
  it('fills known variables, with or without spaces inside the braces', () => {
    expect(
      renderTemplate('Hi {{firstName}}, how is {{ companyName }}?', {
        firstName: 'Ada',
        companyName: 'Analytical Engines',
      }),
    ).toBe('Hi Ada, how is Analytical Engines?');
  });

  it('leaves a variable without a value, and unknown names, as written', () => {
    expect(renderTemplate('Hi {{firstName}} from {{company}}', {})).toBe(
      'Hi {{firstName}} from {{company}}',
    );
  });

  it('fills every occurrence and takes an empty value when one is given', () => {
    expect(
      renderTemplate('{{email}} / {{email}} / {{jobTitle}}', { email: 'a@b.test', jobTitle: '' }),
    ).toBe('a@b.test / a@b.test / ');
  });

  it('does not read a value as a pattern', () => {
    expect(renderTemplate('{{firstName}}', { firstName: '$& {{lastName}}' })).toBe(
      '$& {{lastName}}',
    );
  });
});

describe('templateValuesFor', () => {
  it('takes the person, the sender and the workspace, skipping blanks', () => {
    expect(
      templateValuesFor({
        person: {
          firstName: 'Grace',
          lastName: 'Hopper',
          email: 'grace@navy.test',
          jobTitle: '',
          companyName: 'Navy',
        },
        sender: { firstName: 'Sam', lastName: 'Seller', email: 'sam@beacon.test' },
        workspaceName: 'Northwind',
      }),
    ).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      fullName: 'Grace Hopper',
      email: 'grace@navy.test',
      companyName: 'Navy',
      senderFirstName: 'Sam',
      senderLastName: 'Seller',
      senderEmail: 'sam@beacon.test',
      workspaceName: 'Northwind',
    });
  });

  it('answers nothing without a person or a sender', () => {
    expect(templateValuesFor({})).toEqual({});
  });
});
