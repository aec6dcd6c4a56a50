import { DocContext } from '../../../src/extract/context.js';
import { compileSchema, extractFromDocument } from '../../../src/index.js';
import { partiesKind, rankParties } from '../../../src/kinds/parties/index.js';
import { kindOf, listKindOf } from '../../../src/kinds/registry.js';
import { doc } from '../../helpers/doc.js';
import { leafOf as leafOfProp } from '../kind-helpers.js';

const leafOf = (name: string) => leafOfProp(name, { type: ['string', 'null'] });

const names = (...pages: string[][]) => rankParties(new DocContext(doc(...pages))).filter((s) => s.score >= 0.3).map((s) => s.value);

describe('contract parties', () => {
  test('form captions ("Employee Signature", "Print Name") are not parties', () => {
    const got = names([
      'CONFIDENTIALITY AGREEMENT',
      'This Agreement is made by and between Acme Widgets, Inc., a Delaware corporation (the "Company"), and John Smith, an individual ("Employee").',
      'Employee agrees to keep the information of the Company confidential.',
      'IN WITNESS WHEREOF the parties have signed this Agreement.',
      '/s/ John Smith',
      'Employee Signature',
      'Print Name',
    ]);
    expect(got).toEqual(expect.arrayContaining(['Acme Widgets Inc.']));
    expect(got).not.toContain('Employee Signature');
    expect(got).not.toContain('Print Name');
  });

  test('an officer who signs "By:" for the company is not a party', () => {
    const got = names([
      'NON-DISCLOSURE AGREEMENT',
      'This Agreement is made between Acme Widgets, Inc. (the "Company") and John Smith, an individual ("Employee").',
      'IN WITNESS WHEREOF the parties have signed this Agreement.',
      'ACME WIDGETS, INC.',
      'By: /s/ Mary Major',
      '/s/ John Smith',
      'Mary Major',
      'John Smith',
    ]);
    expect(got).toContain('John Smith');
    expect(got).not.toContain('Mary Major');
  });

  test('a block-form preamble names each party on its own line under "between" / "and"', () => {
    const got = names([
      'CONTENT LICENSING AGREEMENT',
      'between',
      'Data Call Technologies, Inc.',
      '600 Kenrick, Suite B-12',
      'hereinafter referred to as "Licensor"',
      'and',
      'PLAN_B MEDIA AG',
      'Schaafenstr. 25',
      'hereinafter referred to as "plan_b"',
    ]);
    expect(got).toEqual(expect.arrayContaining(['Data Call Technologies Inc.', 'PLAN_B MEDIA AG']));
  });

  test('two parties whose names share their last words are both kept', () => {
    const got = names([
      'LICENSE AGREEMENT',
      'This Agreement is entered into by and between Eton Pharmaceuticals, Inc., a Delaware corporation ("ETON"), and Aucta Pharmaceuticals, Inc., a Delaware corporation ("Aucta").',
    ]);
    expect(got).toEqual(['Eton Pharmaceuticals Inc.', 'Aucta Pharmaceuticals Inc.']);
  });

  test('a place glued in front of a party name is dropped ("Netherlands, and Digene Corporation")', () => {
    const got = names([
      'AGREEMENT',
      'This Agreement is made by and between QIAGEN N.V., a company organized under the laws of the Netherlands, and Digene Corporation ("Digene").',
    ]);
    expect(got).toContain('Digene Corporation');
    expect(got.some((n) => /Netherlands/.test(String(n)))).toBe(false);
  });

  test('a letter agreement\'s addressee is a party when it signs under "Accepted and agreed"', () => {
    const got = names(
      [
        'December 20, 2013',
        'Mr. John Doe, Managing Director',
        'Blue Harbor Capital LLC',
        '300 Main Street',
        'Re: Non-Disclosure Agreement',
        'In connection with your consideration of a possible transaction with Vocus, Inc., a Delaware corporation ("Vocus"), you agree to keep our information confidential.',
      ],
      [
        'Very truly yours,',
        'Vocus, Inc.',
        'By: /s/ Jane Roe',
        'Name: Jane Roe',
        'Title: Chief Financial Officer',
        'Accepted and agreed as of the date first written above.',
        'BLUE HARBOR CAPITAL LLC',
        'By: /s/ Joseph Navea',
        'Name: Joseph Navea',
      ],
    );
    expect(got).toEqual(expect.arrayContaining(['Vocus Inc.', 'BLUE HARBOR CAPITAL LLC']));
    expect(got).not.toContain('Joseph Navea');
  });

  test('signature blocks set side by side give both organisations above their "By:" lines', () => {
    const got = names(
      ['MUTUAL NON-DISCLOSURE AGREEMENT', 'The parties wish to exchange confidential information for the purpose of a possible business relationship.'],
      [
        'IN WITNESS WHEREOF, the parties have executed this Agreement as of the Effective Date.',
        'AVANTI PHARMACEUTICALS, INC.',
        'ORIENT CHEMICAL CO., LTD.',
        'By: /s/ Gregory Flesher',
        'By: /s/ Michael Levy',
        'Name: Gregory Flesher',
        'Name: Michael Levy',
      ],
    );
    expect(got).toEqual(expect.arrayContaining(['AVANTI PHARMACEUTICALS INC.', 'ORIENT CHEMICAL CO. LTD.']));
  });

  test('a signer\'s name wrapped over two lines is read whole when the document uses the whole name elsewhere', () => {
    const got = names(
      ['This Agreement is made with American Campus Communities, Inc. (the "Company") and its employees.'],
      [
        'IN WITNESS WHEREOF, the undersigned have executed this Agreement as of the date first above written.',
        'AMERICAN CAMPUS',
        'COMMUNITIES, INC.',
        'By:',
        'Title:',
      ],
    );
    expect(got).toContain('American Campus Communities Inc.');
    expect(got.some((n) => /^COMMUNITIES/.test(String(n)))).toBe(false);
  });

  test('a role caption above a signer\'s name is not joined to it ("EMPLOYEE" over "NIKE, Inc.")', () => {
    const got = names(
      ['This letter sets out the terms of your engagement with Widgetco Holdings Inc. as a consultant.'],
      [
        'IN WITNESS WHEREOF the parties have signed.',
        'EMPLOYEE',
        'WIDGETCO HOLDINGS, INC.',
        'By: /s/ Mary Major',
      ],
    );
    expect(got.some((n) => /EMPLOYEE/.test(String(n)))).toBe(false);
  });

  test('a person whose signature line gives a corporate title signs for the company and is not a party', () => {
    const got = names(
      ['NON-COMPETITION AGREEMENT', 'This Agreement is made between Rubix Technology, Inc. (the "Company") and the undersigned employee. I agree not to compete with the Company.'],
      [
        'IN WITNESS WHEREOF, the parties have executed this Agreement.',
        'EMPLOYEE',
        'RUBIX TECHNOLOGY, INC.',
        '/s/ Hap Hewes',
        '/s/ William F. Weissman',
        'Hap Hewes',
        'William F. Weissman, Chief Financial Officer',
      ],
    );
    expect(got).toContain('Hap Hewes');
    expect(got).not.toContain('William F. Weissman');
  });

  test('an affiliate introduced by "including" or "collectively with" in the preamble is not a party', () => {
    const got = names([
      'NON-COMPETITION AGREEMENT',
      'This Agreement is made by and between Harbor Coat Holdings, Inc., a Delaware corporation (the "Company"), and Andrew Miller, an individual ("Seller"). The term "Company" shall include all subsidiaries of the Company, including, without limitation, Harbor Coat Warehouse Corporation, a Delaware corporation ("HCW").',
    ]);
    expect(got).toEqual(expect.arrayContaining(['Harbor Coat Holdings Inc.', 'Andrew Miller']));
    expect(got).not.toContain('Harbor Coat Warehouse Corporation');
  });

  test('a company\'s possessive ("Team, Inc.\'s Board") is not a mention of another party', () => {
    const got = names([
      'This Agreement is made by and between Philip Hawk ("Mr. Hawk") and Team Industrial Services, Inc. (collectively the "Company"). This Agreement is in conjunction with Mr. Hawk\'s service on Team, Inc.\'s Board of Directors ("Board").',
    ]);
    expect(got).not.toContain('Team Inc.');
  });

  test('an organisation defined with "(together with its affiliates, the “Company”)" is a party', () => {
    const got = names([
      'THIS AGREEMENT is made as of December 16, 2014, by the undersigned employee (hereinafter called “Employee”) of American Realty',
      'Capital Properties, Inc. (together with all other affiliated and/or related entities of the foregoing, the “Employer” or the “Company”) a Maryland corporation.',
    ]);
    expect(got).toContain('American Realty Capital Properties Inc.');
  });

  test('an employee signing under "Signature of Employee" / "Print Name of Employee" is a party', () => {
    const got = names(
      ['As a condition of my employment with Interactive Data Corporation (the "Company"), I agree to the following.'],
      ['Additional Sheets Attached', 'Signature of Employee: /s/ Raymond L. Darcy', 'Print Name of Employee: Raymond L. Darcy', 'Date: November 4, 2010'],
    );
    expect(got).toEqual(expect.arrayContaining(['Interactive Data Corporation', 'Raymond L. Darcy']));
  });

  test('parties named on label lines ("Party A: ...") are read whole, a bracketed place inside the name left out', () => {
    const got = names([
      'Cooperation Agreement',
      'Party A: Beike Internet (Beijing) Security Technology Co., Ltd.',
      'Legal Representative: Ting Chen',
      'Party B: Hunan Ruixi Financial Leasing Co., Ltd.',
      'Legal Representative: Xianglong Li',
      'Party A and Party B shall be individually referred to as a "Party" and collectively as the "Parties".',
    ]);
    expect(got).toEqual(expect.arrayContaining(['Beike Internet Security Technology Co. Ltd.', 'Hunan Ruixi Financial Leasing Co. Ltd.']));
  });

  test('a page number glued to a party name is dropped', () => {
    const got = names(['SERVICES AGREEMENT', 'This Agreement is made by and between RadialSpark, LLC ("Provider") and Clear Capital Page 1 of 10', '("Client").']);
    expect(got).toContain('Clear Capital');
  });

  test('a party\'s defined alias ("Crystal Clean") and a shorter reading inside its name are not further parties', () => {
    const got = names([
      'NON-DISCLOSURE AGREEMENT',
      'This Agreement is entered into by and between Joseph Chalhoub, a resident of Quebec ("Executive"), and Heritage-Crystal Clean, LLC, an Indiana limited liability company ("Crystal Clean").',
      'Executive serves as President of Crystal Clean. In consideration of his employment with Crystal Clean, Executive agrees as follows.',
    ]);
    expect(got).toEqual(expect.arrayContaining(['Joseph Chalhoub', 'Heritage-Crystal Clean LLC']));
    expect(got).not.toContain('Crystal Clean');
  });

  test('a paragraph break ends a name ("Name: Glenn Rust" above the company\'s paragraph)', () => {
    const got = names([
      'Non-Disclosure and Non-Competition Agreement',
      'Name: Glenn W. Rust',
      '',
      'Virginia National Bank and its affiliates (together "VNB") has provided you with the opportunity to be a member of its management team.',
    ]);
    expect(got).toContain('Virginia National Bank');
    expect(got.some((n) => /Rust Virginia/.test(String(n)))).toBe(false);
  });

  test('a plan of a company and a body of a company are not parties', () => {
    const got = names([
      'RELEASE AGREEMENT',
      'This Agreement is made by and between Mark Bobak ("Executive") and Acme Brewing Companies, Inc. ("Company"). Executive participates in the Insurance Plan for Certain Employees of Acme Brewing Companies, Inc. (the "Plan").',
    ]);
    expect(got.some((n) => /Plan for/.test(String(n)))).toBe(false);
  });

  test('a party name ending a sentence ("... and R. J. Seifert Enterprises. Collectively, ...") is read', () => {
    const got = names([
      'NON-DISCLOSURE AGREEMENT',
      'This Agreement is made this 6th of February, 1999 by and between High Speed Net Solutions and R. J. Seifert Enterprises. Collectively, all the parties hereto may be referred to as the "Parties".',
    ]);
    expect(got).toContain('R. J. Seifert Enterprises');
  });

  test('an organisation name running through "Partners" is read whole ("Legion Partners Asset Management, LLC")', () => {
    const got = names([
      'CONFIDENTIALITY AGREEMENT',
      'Representatives of Legion Partners Asset Management, LLC, a Delaware limited liability company (collectively, "Legion" or "you"), who need to know such information.',
    ]);
    expect(got).toContain('Legion Partners Asset Management LLC');
    expect(got).not.toContain('Asset Management LLC');
  });

  test('a name opening in lower case with capitals inside ("resTORbio, Inc.") is read in the preamble', () => {
    const got = names([
      'NON-DISCLOSURE AGREEMENT',
      'This Agreement is made by and between zenTRObio, Inc., a Delaware corporation (the "Company"), and Jane Roe (the "Employee").',
    ]);
    expect(got).toEqual(expect.arrayContaining(['zenTRObio Inc.', 'Jane Roe']));
  });

  test('an employee form signed before its exhibits names the signer', () => {
    const got = names(
      ['ACME WIDGETS, INC.', 'INVENTION ASSIGNMENT AGREEMENT', 'As a condition of my employment with Acme Widgets, Inc. (the "Company"), I agree to the following.'],
      ['I will keep the information of the Company confidential.', 'Date: 5/12/09', '/s/ John Q. Public', 'Signature', 'John Q. Public', 'Name of Employee (typed or printed)'],
      ['EXHIBIT A', 'LIST OF PRIOR INVENTIONS', 'None'],
      ['EXHIBIT B', 'CONFLICT OF INTEREST GUIDELINES', 'Each employee must avoid conflicts of interest.'],
    );
    expect(got).toEqual(expect.arrayContaining(['Acme Widgets Inc.', 'John Q. Public']));
  });

  test('individuals signing mid-document without a form label are not read as parties', () => {
    const got = names(
      ['COOPERATION AGREEMENT', 'This Agreement is made by and between Acme Widgets, Inc., a Delaware corporation (the "Company"), and Beta Capital, LLC, a Delaware limited liability company ("Beta").'],
      ['IN WITNESS WHEREOF the parties have signed this Agreement.', '/s/ John Q. Public', 'JOHN Q. PUBLIC'],
      ['EXHIBIT A', 'PRESS RELEASE', 'The Company announced the agreement today.'],
      ['EXHIBIT B', 'FORM OF RESIGNATION', 'I hereby resign.'],
    );
    expect(got).not.toContain('John Q. Public');
  });

  test('an individual signing "By:" with no organisation above it signs for himself', () => {
    const got = names([
      'CONTROLX CORPORATION',
      'INTELLECTUAL PROPERTY ASSIGNMENT AGREEMENT',
      'As a condition of my relationship with ControlX Corporation (together the "Company"), I agree to the following terms.',
      'IN WITNESS WHEREOF, the undersigned has executed this Agreement as of March 27, 2003.',
      'By: /s/ William B. Test',
      'Name: William B. Test',
      'Witness',
      'By: /s/ Eric Smithson',
      'Name: Eric Smithson',
    ]);
    expect(got).toEqual(expect.arrayContaining(['ControlX Corporation', 'William B. Test']));
    expect(got).not.toContain('Eric Smithson');
  });

  test('a signature over an organisation name is its officer\'s, not an individual party', () => {
    const got = names([
      'SEPARATION AGREEMENT',
      'This Agreement is made between Acme Widgets, Inc., an Ohio corporation (the "Company"), and John Q. Public, an individual ("Executive").',
      'IN WITNESS WHEREOF the parties have signed this Agreement.',
      '/s/ John Q. Public',
      'JOHN Q. PUBLIC',
      '/s/ R. Mary Major',
      'ACME WIDGETS, INC.',
      'By: Mary Major',
      'Its: President',
    ]);
    expect(got).toContain('John Q. Public');
    expect(got.some((n) => /Mary Major/.test(String(n)))).toBe(false);
  });

  test('an individual signer\'s leading initial and generation suffix are kept ("C. Eugene Wright, III")', () => {
    const got = names([
      'Dear Eugene:',
      'This letter records the Agreement between you and Acme Widgets Inc. ("Company") concerning your employment with Company.',
      'ACCEPTED AND AGREED TO BY MY SIGNATURE BELOW.',
      '/s/ C. Gene Wrighton, III',
      'C. Gene Wrighton, III',
    ]);
    expect(got).toEqual(expect.arrayContaining(['Acme Widgets Inc.', 'C. Gene Wrighton III']));
  });

  test('a web address in lower case ("ebix.com, Inc.") is read as a party name', () => {
    const got = names([
      'CO-BRANDING AGREEMENT',
      'This Agreement is by and between Alpha.com, Inc. ("Alpha"), a Delaware corporation, located at 1 Main Street and',
      'zeta.com, Inc. ("zeta"), a Delaware corporation, located at 2 Main Street',
    ]);
    expect(got).toEqual(expect.arrayContaining(['Alpha.com Inc.', 'zeta.com Inc.']));
  });

  test('parties listed one per line, each after the previous one\'s defined term and a ticker note, are all read', () => {
    const got = names([
      'INTELLECTUAL PROPERTY AGREEMENT',
      'This Agreement is entered into on May 12, 2020 by and between:',
      'Acme Ventures, LLC, a limited liability company organized under the laws of Pennsylvania (“Acme”),',
      'Beta Biomedical, Inc. (OTC Pink: BETA), a Nevada corporation (“Beta”),',
      'Gamma Health, Inc. (OTC Pink: GAMH), a Colorado corporation (“Gamma”),',
      'Each shall be referred to as a “Party”.',
    ]);
    expect(got).toEqual(expect.arrayContaining(['Acme Ventures LLC', 'Beta Biomedical Inc.', 'Gamma Health Inc.']));
  });

  test('a signer whose title follows the printed repeat of the name signs for an organisation', () => {
    const got = names([
      'SUPPLY AGREEMENT',
      'This Agreement is made by and between Acme Media, Inc., a Nevada corporation (“Acme”), and Beta Trading Ltd, a Hong Kong company (“Beta”).',
      'IN WITNESS WHEREOF, the parties have caused this Agreement to be duly executed.',
      '/s/ Anthony K. Chandler',
      'Anthony K. Chandler',
      'Chief Executive Officer',
      'Acme Media, Inc.',
    ]);
    expect(got).toEqual(expect.arrayContaining(['Acme Media Inc.', 'Beta Trading Ltd']));
    expect(got).not.toContain('Anthony K. Chandler');
  });

  test('a witness whose "/s/" line is printed beside the signer\'s is not a party', () => {
    const got = names([
      'ACME SCIENCES, INC.',
      'EMPLOYEE INVENTION AGREEMENT',
      'As a condition of my employment with Acme Sciences, Inc. (the "Company"), I agree to the following.',
      '/s/ Mark A. Signer',
      '/s/ Andrew L. Witnes',
      'Mark A. Signer',
      'Witness',
      'Print Name: Andrew L. Witnes',
    ]);
    expect(got).toEqual(expect.arrayContaining(['Acme Sciences Inc.', 'Mark A. Signer']));
    expect(got).not.toContain('Andrew L. Witnes');
  });

  test('a term the text defines for a party ("(together “WNB”)") is not another party when read outside the preamble', () => {
    const got = names([
      'Name: Glenn W. Rusty',
      '',
      'Western National Bank and its affiliates, including Western National Holdings Corporation, also known as WNB Wealth Management (together “WNB”), has provided you with the opportunity to be a key member of its team.',
      'As a condition of your employment with WNB, you must sign this Agreement.',
    ]);
    expect(got).toContain('Glenn W. Rusty');
    expect(got).not.toContain('WNB');
  });

  test('a party defined without quotation marks ("(hereinafter referred to as Party A)") is read', () => {
    const got = names([
      'Outsourcing Contract on Development of a Resort Hotel',
      'The Covenanter: The Golden Country Club and Recreation Inc. (hereinafter referred to as Party A) and the Covenanter: Lin Wei Architects Office (hereinafter referred to as Party B) hereby agree to the following terms.',
    ]);
    expect(got).toEqual(expect.arrayContaining(['The Golden Country Club and Recreation Inc.', 'Lin Wei Architects Office']));
  });

  test('a label on a line of its own ("Provider Name:") names the party on the next line', () => {
    const got = names([
      'CONTENT LICENSE AGREEMENT',
      'This Agreement is between Acme Music International, Inc., located at 20 Old Road (“ACME”), and Distributor, as set forth below.',
      'A. Distributor Information',
      'Provider Name:',
      'Beta Vision Communications Ltd.',
      'Address:',
      '100 Main Street, Beijing, China',
    ]);
    expect(got).toContain('Beta Vision Communications Ltd.');
  });

  test('a name whose first word joins two with a slash ("SRI/Surgical Express, Inc.") is read whole', () => {
    const got = names([
      'NON-DISCLOSURE AGREEMENT',
      'This is a Non-Disclosure Agreement between ABC/Surgical Supply, Inc., a Florida corporation (the “Company”), and the undersigned (the “Counterparty”).',
    ]);
    expect(got).toContain('ABC/Surgical Supply Inc.');
    expect(got).not.toContain('Surgical Supply Inc.');
  });

  test('a slash followed by a space inside a first word ("LifeUSA/ Envision Health, Inc.") still joins one name', () => {
    const got = names([
      'DISTRIBUTION AGREEMENT',
      'This Agreement is made by and between LifeABC/ Vision Health, Inc., a Nevada corporation (“LifeABC”), and Sierra Minerals, Inc., a Nevada corporation (“Sierra”).',
    ]);
    expect(got).toEqual(expect.arrayContaining(['LifeABC/ Vision Health Inc.', 'Sierra Minerals Inc.']));
    expect(got).not.toContain('Vision Health Inc.');
  });

  test('a town after a postcode ending an address ("F-51110, Pomacle France (“BioAmber”)") is not a party', () => {
    const got = names([
      'FIRST AMENDMENT',
      'This Amendment is made by and between Grainco, Incorporated, a Delaware corporation (“Grainco”) and Acidco S.A.S., having a place of business at Route de Bazancourt, F-51110, Bazancourt France (“Acidco”).',
    ]);
    expect(got).toEqual(expect.arrayContaining(['Grainco Incorporated', 'Acidco S.A.S.']));
    expect(got).not.toContain('Bazancourt France');
  });

  test('an individual who represents a party ("represented by Andrea van Elsas") is not a party', () => {
    const got = names([
      'CONSULTING AGREEMENT',
      'Aduco Biotech, Inc., with a place of business at 740 Main Avenue, Berkeley, CA 94710 (“Aduco”) and IRENA B.V having an address at Staalstraat 16, Leiden, the Netherlands, represented by Andrea van Eldon, (“Consultant”) agree to all terms and conditions of this Agreement.',
    ]);
    expect(got).not.toContain('Andrea van Eldon');
  });

  test('a firm named for its partners ("Keefe, Bruyette & Woods, Inc.") keeps the names before the commas', () => {
    const got = names([
      'AGENCY AGREEMENT',
      'Ladies and Gentlemen:',
      'Athens Holdings Corporation, a Tennessee corporation (the “Company”), hereby confirms its agreement with Keeler, Brunette &',
      'Woods, Inc. (the “Agent”) as follows:',
    ]);
    expect(got).toContain('Keeler, Brunette & Woods Inc.');
    expect(got).not.toContain('Brunette & Woods Inc.');
  });

  test('every item of a list of affiliates after "including, without limitation," is an affiliate, not a party', () => {
    const got = names([
      'NON-COMPETITION AGREEMENT',
      'This Agreement is entered into between John Roe (“Employee”) and FSQ CT, Inc. (“Sixth Avenue”), a Connecticut corporation.',
      'The term “Company” includes Sixth Avenue and its affiliates, including, without limitation, Sixth Avenue Management LLC (the “Advisor”), Sixth Avenue Asset Management Inc. (“SAAM”), Sixth Avenue Holdings, L.P., Sixth Avenue Finance Corp. (the “BDC”), Sixth Avenue Capital LLC and any entities formed later.',
    ]);
    expect(got).toContain('FSQ CT Inc.');
    expect(got.some((n) => /Sixth Avenue (?:Asset|Holdings|Finance)/.test(String(n)))).toBe(false);
  });
  test('"BETWEEN:" and "AND" with a colon open a block-form preamble, and a name may hold accented letters', () => {
    const got = names([
      'OUTSOURCING AGREEMENT',
      'BETWEEN:',
      'Northwind Pharma AG',
      'Alter Postplatz 2',
      'AND:',
      'Eurofarma Laboratórios S.A.',
      'Avenida Central 3465',
      'EFFECTIVE AS OF THE EFFECTIVE DATE',
      '1. PURPOSE OF AGREEMENT',
      'Formalize the agreements made regarding services between the parties.',
    ]);
    expect(got).toEqual(expect.arrayContaining(['Northwind Pharma AG', 'Eurofarma Laboratórios S.A.']));
  });

  test('a date printed under a party\'s name in a title block is not part of the name', () => {
    const got = names([
      'COOPERATION AGREEMENT',
      'made by and between',
      'Bluefield Energytech Inc.',
      'and',
      'Gorvan Group AG',
      'January 5, 2015',
      'The parties agree as follows.',
    ]);
    expect(got).toContain('Gorvan Group AG');
    expect(got).not.toContain('Gorvan Group AG January 5');
  });

  test('a legal form typed twice ("Interclick, Inc. Inc.") is read once', () => {
    const got = names([
      'MUTUAL NONDISCLOSURE AGREEMENT',
      'Each party agrees to keep the other party\'s information confidential.',
      'IN WITNESS WHEREOF, the parties hereto have executed this Agreement as of the date first written above.',
      'Yonder Search Inc.',
      'By: /s/ Mark Shen',
      'Name: Mark Shen',
      'Clickwell, Inc. Inc.',
      'By: /s/ Michael Katz',
      'Name: Michael Katz',
    ]);
    expect(got).toContain('Clickwell Inc.');
    expect(got).not.toContain('Clickwell Inc. Inc.');
  });

  test('a role word before a party\'s name ("and its Reseller, Schoolpop, Inc.") is not part of the name', () => {
    const got = names([
      'DISTRIBUTION AGREEMENT',
      'This Distribution Agreement (the "Agreement") is entered into by and between Amex Incentive Services, L.L.C., a Missouri limited liability company ("AEIS"), and its Reseller, Schoolpop, Inc., a Delaware corporation ("Schoolpop").',
      'WHEREAS, AEIS issues stored value cards.',
    ]);
    expect(got).toContain('Schoolpop Inc.');
    expect(got).not.toContain('Reseller, Schoolpop Inc.');
  });

  test('a party\'s short name in capitals ("YRCW") is not another party', () => {
    const got = names([
      'CONFIDENTIALITY AGREEMENT',
      'Phillip Gaines:',
      'YRC Worldwide, Inc., a Delaware corporation (“YRCW”), has determined that you should be offered this agreement.',
      'Your employment creates a relationship of confidence and trust between you and YRCW with respect to any information of YRCW.',
    ]);
    expect(got).toContain('YRC Worldwide Inc.');
    expect(got).not.toContain('YRCW');
  });

  test('a group of a party\'s affiliates ("LDC Parent Affiliates") is not a party', () => {
    const got = names([
      'CONFIDENTIALITY AGREEMENT',
      'This letter agreement is made between Imperial Sugar Company (the “Company”) and Louis Dreyfus Commodities LLC (“LDC”).',
      '(g) “LDC Affiliate” means collectively the LDC Subsidiaries and the LDC Parent Affiliates.',
    ]);
    expect(got).toContain('Imperial Sugar Company');
    expect(got).not.toContain('LDC Parent Affiliates.');
    expect(got).not.toContain('LDC Parent Affiliates');
  });

  test('a trade name after "dba" is not a party of its own', () => {
    const got = names([
      'CONFIDENTIALITY AND NON-DISCLOSURE AGREEMENT',
      '1. PARTIES. This Agreement is between Tazo Tea Company ("TAZO") and MASTER DISTRIBUTORS, INC. dba Atlantic Beverage Company ("COMPANY"), each having the address set forth below.',
      '2. BACKGROUND. The parties wish to exchange information.',
    ]);
    expect(got).toContain('Tazo Tea Company');
    expect(got).not.toContain('Atlantic Beverage Company');
  });

  test('a line of an address block opening with "The" is not an individual signing', () => {
    const got = names([
      'EMPLOYMENT AGREEMENT',
      'This Agreement is made between Gentiva Health Services, Inc., a Delaware corporation (“Gentiva”), and Tony Strange (“Executive”).',
      'Executive agrees to the terms of this Agreement.',
    ], [
      'IN WITNESS WHEREOF, the parties have executed this Agreement.',
      '/s/ Tony Strange',
      'Tony Strange',
      'If to the Executive, to: the address set forth',
      'beneath Executive’s',
      'The Forum',
      'signature on this Agreement.',
      '3290 Northside Parkway',
    ]);
    expect(got).toContain('Tony Strange');
    expect(got).not.toContain('The Forum');
  });
  test('a name may open with digits and a sign ("99¢ Only Stores")', () => {
    const got = names([
      'CONFIDENTIALITY AGREEMENT',
      'This Confidentiality Agreement (the “Agreement”) is entered into between 99¢ Only Stores, a California corporation (the “Company”), and Leonard Green & Partners, L.P., a Limited Partnership (“Counterparty”).',
      'RECITALS',
    ]);
    expect(got).toEqual(expect.arrayContaining(['99¢ Only Stores', 'Leonard Green & Partners L.P.']));
  });
  test('in side-by-side signature blocks read line by line, the signer under the "Company" caption is not a party', () => {
    const got = names([
      'CONFIDENTIALITY AGREEMENT',
      'This Agreement is made by and between InfrastruX Group (hereinafter the “Company”) and John Higgins (hereinafter “Employee”).',
      'Employee agrees to keep the information of the Company confidential.',
      'Employee',
      'Company',
      'Signature: /s/ John Higgins',
      'Signature: /s/ Richard Schwartz',
      'Print Name: John Higgins',
      'Print Name: Richard Schwartz',
    ]);
    expect(got).toContain('John Higgins');
    expect(got).not.toContain('Richard Schwartz');
  });

  test('a person named with the middle name written out and with its initial is one party', () => {
    const got = names([
      'CONFIDENTIALITY AGREEMENT',
      'This Agreement is made by and between InfrastruX Group (hereinafter the “Company”) and JOHN RANDELL HIGGINS (hereinafter “Employee”).',
      'Employee agrees to keep the information of the Company confidential.',
      'IN WITNESS WHEREOF the parties have signed this Agreement.',
      'Signature: /s/ John R. Higgins',
      'Print Name: John R. Higgins',
    ]);
    expect(got.filter((n) => /higgins/i.test(String(n)))).toHaveLength(1);
  });
  test('the filer named in a filing footer ("Source: ACME LTD., F-1, 2/28/2020") is not a party', () => {
    const got = names([
      'LICENSE AGREEMENT',
      'This License Agreement is made between Northwind Pharma AG, a Swiss company (“Licensor”), and Eurofarma S.A., a Brazilian company (“Licensee”).',
      'regarding the product in Latin America',
      'Source: NLS PHARMACEUTICS LTD., F-1, 2/28/2020',
    ]);
    expect(got).toEqual(expect.arrayContaining(['Northwind Pharma AG', 'Eurofarma S.A.']));
    expect(got).not.toContain('NLS PHARMACEUTICS LTD.');
  });

  test('a trade mark ("Be My Guest(R)") is not a party', () => {
    const got = names([
      'DISTRIBUTION AGREEMENT',
      'This Distribution Agreement is entered into by and between Amex Incentive Services, L.L.C., a Missouri limited liability company ("AEIS"), and Schoolpop, Inc., a Delaware corporation ("Schoolpop").',
      'Reseller may resell the following stored value cards: Encompass(R) Select, and Be My Guest(R), and any other stored value products developed by AEIS.',
    ]);
    expect(got).toContain('Schoolpop Inc.');
    expect(got).not.toContain('Be My Guest');
  });

  test('the party a deed is made "in favor of" is a party', () => {
    const got = names([
      'MAINTENANCE AGREEMENT',
      'THIS MAINTENANCE AGREEMENT (this "Agreement") is made and entered into as of the 28th day of March 2006 by THAYER EQUITY INVESTORS IV, L.P. (the "Investor"), in favor of U.S. BANK NATIONAL ASSOCIATION, a national banking association in its capacity as administrative agent (the "Agent").',
      'RECITALS:',
    ]);
    expect(got).toEqual(expect.arrayContaining(['THAYER EQUITY INVESTORS IV L.P.', 'U.S. BANK NATIONAL ASSOCIATION']));
  });
  test('the parties of another agreement the preamble refers to ("a certain Agreement dated ..., by and among X, Y") are not parties', () => {
    const got = names([
      'CONSULTING AGREEMENT',
      'This Agreement is made as of November 5, 2004, by and between Richard Harcke (“HARCKE”) and Haynes Wire Company, a Delaware corporation (“BUYER”), in connection with the transactions contemplated by a certain Asset Purchase Agreement dated October 28, 2004, by and among Harcke, The Branford Wire Company, a Connecticut corporation (“BRANFORD”), and Carolina Industries, Inc., a Connecticut corporation (“CAROLINA”).',
      'NOW, THEREFORE, the parties agree as follows:',
    ]);
    expect(got).toEqual(expect.arrayContaining(['Richard Harcke', 'Haynes Wire Company']));
    expect(got).not.toContain('Carolina Industries Inc.');
  });


  test('the parties of an agreement given its own defined term ("... and Computershare Trust Company, N.A. (the “Rights Agreement”)") are not parties', () => {
    const got = names([
      'CONFIDENTIALITY AGREEMENT',
      'Gentlemen:',
      'As you know, Stephens Investments Holdings LLC (“SIH”) filed an amendment to its Schedule 13D regarding shares of common stock of Cost Plus, Inc., a California corporation (the “Disclosing Party”).',
      'SIH has asked about the Rights Agreement, dated as of June 24, 2008, by and between the Disclosing Party and Computershare Trust Company, N.A. (the “Rights Agreement”).',
    ]);
    expect(got).toContain('Stephens Investments Holdings LLC');
    expect(got).not.toContain('Computershare Trust Company');
  });

  test('a party named before "(the “Agreement”)" is still a party', () => {
    const got = names([
      'NON-DISCLOSURE AGREEMENT',
      'This agreement is made by and between Acme Widgets, Inc., a Delaware corporation, and Beta Tools LLC, a Texas limited liability company (the “Agreement”).',
      'The parties agree as follows.',
    ]);
    expect(got).toEqual(expect.arrayContaining(['Acme Widgets Inc.', 'Beta Tools LLC']));
  });

  test('the issuer of shares ("20,000 shares of Mellon Financial Corporation") is not a party', () => {
    const got = names([
      'EMPLOYMENT AGREEMENT',
      'This Agreement is made by and between Boston Safe Deposit Company (“BSD”) and James P. Palermo (hereinafter “Palermo”).',
      'BSD agrees to provide Palermo with a stock option award of 20,000 shares of Mellon Financial Corporation (“MFC”) upon approval.',
    ]);
    expect(got).toContain('Boston Safe Deposit Company');
    expect(got).not.toContain('Mellon Financial Corporation');
  });
  test('a name inside a collective definition ("(together with the Parent and the Healthfield Group, the “Companies”)") is not another party', () => {
    const got = names([
      'EMPLOYMENT AGREEMENT',
      'This Agreement, dated as of February 28, 2006, is among Gentiva Health Services, Inc., a Delaware corporation (“Gentiva”), The Healthfield Group, Inc., a Delaware corporation (“Healthfield”), (together with the Parent and the Healthfield Group, the “Companies”) and Tony Strange (“Executive”).',
      'WHEREAS, the Companies are engaged in home health care.',
    ]);
    expect(got).toEqual(expect.arrayContaining(['Gentiva Health Services Inc.', 'The Healthfield Group Inc.', 'Tony Strange']));
    expect(got).not.toContain('Healthfield Group');
  });
  test('a legal form written before a quoted name ("OPEN JOINT STOCK COMPANY “VIMPEL-COMMUNICATIONS”") keeps the name', () => {
    const got = names([
      'NON-DISCLOSURE AGREEMENT',
      'NON-DISCLOSURE AGREEMENT dated as of September 23, 2009 (this “Agreement”) among TELENOR ASA, a company organized under the laws of Norway (“Telenor”), and OPEN JOINT STOCK COMPANY “VIMPEL-COMMUNICATIONS”, an open joint stock company organized under the laws of the Russian Federation (“VimpelCom”).',
      'WHEREAS, the parties wish to exchange information.',
    ]);
    expect(got).toContain('OPEN JOINT STOCK COMPANY “VIMPEL-COMMUNICATIONS”');
    expect(got).not.toContain('OPEN JOINT STOCK COMPANY');
  });

  test('a quoted name right after "between" that its description follows is a party', () => {
    const got = names([
      'HOSTING AGREEMENT',
      'This Agreement is made between “Alpine Talk Holding AG”, a company incorporated under the laws of Switzerland, and Delta Networks B.V., a company incorporated under the laws of the Netherlands.',
    ]);
    expect(got).toEqual(expect.arrayContaining(['Alpine Talk Holding AG', 'Delta Networks B.V.']));
  });

  test('"&" alone on a line joins two names of a block-form preamble', () => {
    const got = names([
      'HOSTING AGREEMENT',
      'BETWEEN',
      'DELTA NETWORKS B.V.',
      '&',
      'Alpine Talk Holding AG',
      'Source: somewhere',
    ]);
    expect(got).toEqual(expect.arrayContaining(['DELTA NETWORKS B.V.', 'Alpine Talk Holding AG']));
  });

  test('a lowercase word after a legal form ends the name and keeps the form', () => {
    const got = names([
      'MUTUAL NON-DISCLOSURE AGREEMENT',
      'This Agreement is made by and between the undersigned (the "Contracting Party") and Promwell Technology, Inc. under the following terms and conditions:',
    ]);
    expect(got).toContain('Promwell Technology Inc.');
  });

  test('the agent of a passive verb ("insured by X", "a report prepared by Y") is not a party', () => {
    const got = names([
      'AGENCY AGREEMENT',
      'Acme Bancorp, a Maryland corporation (the “Company”), and Acme Savings Bank, a federal savings bank the deposit accounts of which are insured by the Federal Deposit Insurance Corporation (the “FDIC”), confirm their agreement with Baker Securities, Inc. (the “Agent”), as described in the Appraisal Report prepared by Keller & Company, Inc. (the “Appraiser”).',
    ]);
    expect(got).toEqual(expect.arrayContaining(['Acme Savings Bank', 'Baker Securities Inc.']));
    expect(got).not.toContain('Federal Deposit Insurance Corporation');
    expect(got).not.toContain('Keller & Company Inc.');
  });

  test('a party the deed is made or executed by is still a party', () => {
    const got = names([
      'GUARANTY',
      'This Guaranty is executed by Baker Holdings, Inc., a Delaware corporation (the “Guarantor”), in favor of Acme Lending LLC (the “Lender”).',
    ]);
    expect(got).toEqual(expect.arrayContaining(['Baker Holdings Inc.', 'Acme Lending LLC']));
  });

  test('the organisation of "his employment by X" is a party, with its legal form in capitals', () => {
    const got = names([
      'NON-COMPETITION AGREEMENT',
      'In consideration of his employment by BRAVO BUILDERS GROUP, INC. (hereinafter “Company”), this Agreement is made this 23rd day of June, 2009, by and between Carl Eastman (hereinafter “Employee”) and the Company.',
    ]);
    expect(got).toEqual(expect.arrayContaining(['Carl Eastman', 'BRAVO BUILDERS GROUP INC.']));
  });

  test('the organisation of "As an employee of X" is a party', () => {
    const got = names([
      'NON-COMPETE AGREEMENT BETWEEN DELMAR-CA AND OUR EMPLOYEES, CONSULTANTS AND OTHER CONTRACTORS',
      'DELMAR HEALTH, INC.',
      'CONFIDENTIAL INFORMATION AND INVENTIONS AGREEMENT',
      'As an employee of Delmar Health, Inc, its subsidiary or its affiliate (together, the “Company”), and in consideration of the compensation paid to me, I, the undersigned, agree to the following:',
    ]);
    expect(got).toContain('Delmar Health Inc');
  });

  test('the pronoun after the organisation of "employment with X I" is not part of its name', () => {
    const got = names([
      'CONFIDENTIALITY AGREEMENT',
      'In consideration of my employment with Zentra Systems I agree to the following terms.',
    ]);
    expect(got).toContain('Zentra Systems');
    expect(got).not.toContain('Zentra Systems I');
  });

  test('a defined term joined by "and" to a name ("involving Intel and Mobileye N.V.") is two parties, not one longer name', () => {
    const got = names([
      'CONFIDENTIAL',
      'In connection with the consideration by Arcon Corporation (“Arcon”) of a possible transaction involving Arcon and Velotek N.V. (the “Company”), each of us may receive certain information.',
    ]);
    expect(got).toEqual(expect.arrayContaining(['Arcon Corporation', 'Velotek N.V.']));
    expect(got).not.toContain('Arcon and Velotek N.V.');
  });

  test('a firm named for its partners keeps the names before the commas after a defined term ("(“X”), Baker, Rosser & Co. II, L.P.")', () => {
    const got = names([
      'AGREEMENT dated as of February 24, 2004, by and among Alpha Investment Co., Inc. (“Alpha”), Baker, Rosser, Sherman & Co. II, L.P., a Delaware limited partnership (“BRSLP”), and Gamma Clean, LLC, an Indiana limited liability company (“Company”);',
    ]);
    expect(got).toContain('Baker, Rosser, Sherman & Co. II L.P.');
  });

  test('names that differ in a roman numeral ("& Co. II, L.P." and "& Co., Inc.") are two parties', () => {
    const got = names([
      'AGREEMENT dated as of February 24, 2004, by and among Baker Rosser Sherman & Co. II, L.P., a Delaware limited partnership (“BRSLP”), Baker Rosser Sherman & Co., Inc., a Delaware corporation (“BRSC”), and Gamma Clean, LLC, an Indiana limited liability company (“Company”);',
    ]);
    expect(got).toEqual(expect.arrayContaining(['Baker Rosser Sherman & Co. II L.P.', 'Baker Rosser Sherman & Co. Inc.']));
  });

  test('an individual printed above a bracketed "(Print Name)" label signs as a party', () => {
    const got = names([
      'EMPLOYEE CONFIDENTIALITY AGREEMENT',
      'This Agreement is made between Kestrel Inc. (“Kestrel”), and the person whose name is set forth on the signature page below as Employee (“Employee”).',
      'IN WITNESS WHEREOF, the parties have executed this Agreement.',
      'KESTREL INC.',
      'By:',
      'Title:',
      'EMPLOYEE:',
      'Adam Rivers',
      '(Print Name)',
      '(Signature Here)',
    ]);
    expect(got).toEqual(expect.arrayContaining(['Kestrel Inc.', 'Adam Rivers']));
  });

  test('the firm a named division belongs to ("the Granite Securities division of X LLC") is not a party', () => {
    const got = names([
      'CONFIDENTIALITY AGREEMENT',
      'This Agreement is made between Orbix Technologies, Inc. (the “Company”) and Falcon Systems, Inc. (“Falcon”). The Company is being advised by the Granite Securities division of Harbor Partners Securities LLC (together, “Granite”).',
    ]);
    expect(got).toEqual(expect.arrayContaining(['Orbix Technologies Inc.', 'Falcon Systems Inc.']));
    expect(got).not.toContain('Harbor Partners Securities LLC');
  });

  test('an officer named in a preamble slot ("Jane Roe, director of Acme") acts for the organisation, which is the party', () => {
    const got = names([
      'Website Design Agreement',
      'This Agreement is entered into on January 11, 2018 by and between Jane Roe, director of BrightPan (hereinafter referred to as “Client”) and Mark Stone, director of Stone\'s Web Works, PLC (hereinafter referred to as “Company”).',
    ]);
    expect(got).toEqual(expect.arrayContaining(['BrightPan', "Stone's Web Works PLC"]));
    expect(got).not.toContain('Jane Roe');
    expect(got).not.toContain('Mark Stone');
  });

  test('a generational suffix ("THOMAS W. MILLS, SR.") is part of an individual party\'s name', () => {
    const got = names([
      'This Agreement is made and entered into as of the 11th day of May, 2009, by and among Apex Nanotronics Corp., a Delaware corporation (“Apex”), and THOMAS W. MILLER, SR. (“Employee”).',
    ]);
    expect(got).toEqual(expect.arrayContaining(['Apex Nanotronics Corp.', 'THOMAS W. MILLER SR.']));
  });

  test('a name may join two parts with a dash ("League Alumni - Northern California Chapter"), an address fragment may not', () => {
    const got = names([
      'ENDORSEMENT AGREEMENT',
      'This Agreement made October 30, 2017, between Hockey Players Alumni - Northern California Chapter (“HPA-NC”), a charitable corporation, and Food For Racers, Inc., a corporation having its principal office at 12 Park Road, Andheri – East, Mumbai.',
    ]);
    expect(got).toEqual(expect.arrayContaining(['Hockey Players Alumni - Northern California Chapter', 'Food For Racers Inc.']));
    expect(got).not.toContain('Andheri – East');
  });
});

describe('parties kind', () => {
  const list = { type: 'array', items: { type: 'string' } };
  const listItem = (name: string, items: Record<string, unknown> = { type: 'string' }) => {
    const node = compileSchema({ type: 'object', properties: { [name]: { type: 'array', items } } }).root.properties[0]!.node;
    if (node.kind !== 'array' || node.items.kind !== 'leaf') throw new Error('not a list of scalars');
    return node.items;
  };
  const PREAMBLE = [
    'MUTUAL NON-DISCLOSURE AGREEMENT',
    'This Agreement is made and entered into by and between Acme Widgets, Inc., a Delaware corporation ("Acme"), and Beta Labs LLC, a California limited liability company ("Beta").',
  ];

  test('claims lists of parties, organisations and people', () => {
    expect(listKindOf(listItem('parties')).name).toBe('parties');
    expect(listKindOf(listItem('vendor_companies')).name).toBe('parties');
    expect(listKindOf(listItem('signatories')).name).toBe('parties');
  });

  test('does not claim a single party or organisation, nor a list of dates', () => {
    expect(kindOf(leafOf('party')).name).not.toBe('parties');
    expect(kindOf(leafOf('vendor_name')).name).not.toBe('parties');
    expect(listKindOf(listItem('payment_dates')).name).not.toBe('parties');
  });

  test('the parties named by the preamble are the list', () => {
    const r = extractFromDocument(doc(PREAMBLE), compileSchema({ type: 'object', properties: { parties: list } }));
    expect(r.data.parties).toEqual(['Acme Widgets Inc.', 'Beta Labs LLC']);
  });

  test('a list whose description shows abbreviated legal forms gets them, else they stay as written', () => {
    const contract = doc([
      'SUPPLY AGREEMENT',
      'This Agreement is made between Acme Widgets Incorporated, a Delaware corporation ("Acme"), and Beta Labs LLC ("Beta").',
    ]);
    const parties = (description: string) => extractFromDocument(contract, compileSchema({ type: 'object', properties: { parties: { ...list, description } } })).data.parties;
    expect(parties("Names of the parties, legal forms abbreviated (e.g. 'Acme Inc.').")).toEqual(expect.arrayContaining(['Acme Widgets Inc.']));
    expect(parties('Names of the parties.')).toEqual(expect.arrayContaining(['Acme Widgets Incorporated']));
  });

  test('calibrates in the list group', () => {
    expect(partiesKind.group(listItem('parties'))).toBe('list');
    const r = extractFromDocument(doc(PREAMBLE), compileSchema({ type: 'object', properties: { parties: list } }), { debug: true });
    expect(r.fields['/parties']?.group).toBe('list');
  });
});
