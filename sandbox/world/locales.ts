/**
 * Local flavour for addresses and names: districts and streets per city, postal-code shapes and phone
 * prefixes per country, and the local independent-hotel names (with diacritics or in local scripts).
 * Street and district names are real places; the hotels on them are invented.
 */

export interface CountryLocale {
  /** Postal-code templates: '#' a digit, '@' a capital letter, anything else literal. */
  readonly postalTemplates: readonly string[];
  readonly phonePrefix: string;
  /** Whether the house number is written after the street ("Via Roma 12") or before ("12 Main St"). */
  readonly numberAfterStreet: boolean;
}

const COUNTRIES: Readonly<Record<string, CountryLocale>> = {
  GB: {
    postalTemplates: ['W1# #@@', 'WC2@ #@@', 'SW1@ #@@', 'SE1 #@@', 'EC1@ #@@', 'N1 #@@', 'E1 #@@', 'NW1 #@@'],
    phonePrefix: '+44 20',
    numberAfterStreet: false,
  },
  FR: { postalTemplates: ['7500#', '7501#'], phonePrefix: '+33 1', numberAfterStreet: false },
  US: { postalTemplates: ['100##', '101##', '900##', '606##', '331##', '941##'], phonePrefix: '+1', numberAfterStreet: false },
  JP: { postalTemplates: ['1##-####', '5##-####'], phonePrefix: '+81 3', numberAfterStreet: false },
  IT: { postalTemplates: ['001##', '201##'], phonePrefix: '+39 06', numberAfterStreet: true },
  ES: { postalTemplates: ['080##', '280##'], phonePrefix: '+34 9', numberAfterStreet: true },
  AE: { postalTemplates: ['#####'], phonePrefix: '+971 4', numberAfterStreet: false },
  TH: { postalTemplates: ['10###'], phonePrefix: '+66 2', numberAfterStreet: false },
  TR: { postalTemplates: ['34###'], phonePrefix: '+90 212', numberAfterStreet: true },
  DE: { postalTemplates: ['10###', '12###'], phonePrefix: '+49 30', numberAfterStreet: true },
  NL: { postalTemplates: ['10## @@'], phonePrefix: '+31 20', numberAfterStreet: true },
  RU: { postalTemplates: ['1#####'], phonePrefix: '+7 495', numberAfterStreet: true },
  SG: { postalTemplates: ['0#####', '1#####'], phonePrefix: '+65', numberAfterStreet: false },
  HK: { postalTemplates: ['999077'], phonePrefix: '+852', numberAfterStreet: false },
  CZ: { postalTemplates: ['1## 00'], phonePrefix: '+420 2', numberAfterStreet: true },
  PT: { postalTemplates: ['1###-###'], phonePrefix: '+351 21', numberAfterStreet: true },
  AT: { postalTemplates: ['10#0'], phonePrefix: '+43 1', numberAfterStreet: true },
  KR: { postalTemplates: ['0####'], phonePrefix: '+82 2', numberAfterStreet: false },
  AU: { postalTemplates: ['2000', '20##'], phonePrefix: '+61 2', numberAfterStreet: false },
  CA: { postalTemplates: ['M#@ #@#'], phonePrefix: '+1 416', numberAfterStreet: false },
  MX: { postalTemplates: ['06###', '11###'], phonePrefix: '+52 55', numberAfterStreet: true },
  GR: { postalTemplates: ['10# ##'], phonePrefix: '+30 21', numberAfterStreet: true },
  HU: { postalTemplates: ['1###'], phonePrefix: '+36 1', numberAfterStreet: true },
  IE: { postalTemplates: ['D0# @#@#'], phonePrefix: '+353 1', numberAfterStreet: false },
  EG: { postalTemplates: ['11###'], phonePrefix: '+20 2', numberAfterStreet: false },
  BR: { postalTemplates: ['2####-###'], phonePrefix: '+55 21', numberAfterStreet: true },
  DK: { postalTemplates: ['1###'], phonePrefix: '+45', numberAfterStreet: true },
  SE: { postalTemplates: ['1## ##'], phonePrefix: '+46 8', numberAfterStreet: true },
  PL: { postalTemplates: ['00-###'], phonePrefix: '+48 22', numberAfterStreet: true },
  AR: { postalTemplates: ['C10##@@@'], phonePrefix: '+54 11', numberAfterStreet: true },
  ZA: { postalTemplates: ['80##'], phonePrefix: '+27 21', numberAfterStreet: false },
  MA: { postalTemplates: ['40###'], phonePrefix: '+212 524', numberAfterStreet: false },
  IS: { postalTemplates: ['10#'], phonePrefix: '+354', numberAfterStreet: true },
};

export function countryLocale(countryCode: string): CountryLocale {
  return COUNTRIES[countryCode] ?? { postalTemplates: ['#####'], phonePrefix: '+00', numberAfterStreet: false };
}

export interface CityLocale {
  readonly districts: readonly string[];
  readonly streets: readonly string[];
  /** Independent hotel names in the local language, with its diacritics. */
  readonly localNames: readonly string[];
  /** Pairs [name in local script, romanised name] for cities whose hotels often carry both. */
  readonly scriptNames: readonly (readonly [string, string])[];
}

const GENERIC: CityLocale = {
  districts: [
    'Centre',
    'Old Town',
    'Station',
    'Airport',
    'Riverside',
    'Park',
    'Harbour',
    'Business District',
    'University',
    'Museum Quarter',
  ],
  streets: [
    'Main Street',
    'Station Road',
    'Park Avenue',
    'Market Street',
    'Harbour Road',
    'Church Street',
    'King Street',
    'Queen Street',
    'High Street',
    'Garden Road',
  ],
  localNames: [],
  scriptNames: [],
};

const CITY_LOCALES: Readonly<Record<string, Partial<CityLocale>>> = {
  LON: {
    districts: [
      'Kensington',
      'Westminster',
      'Covent Garden',
      'Paddington',
      'Kings Cross',
      'Canary Wharf',
      'Shoreditch',
      'Earls Court',
      'Bloomsbury',
      'Heathrow',
      'Tower Bridge',
      'Marble Arch',
      'Victoria',
      'Southwark',
    ],
    streets: [
      'Cromwell Road',
      'Oxford Street',
      'Strand',
      'Bayswater Road',
      'Euston Road',
      'Piccadilly',
      'Park Lane',
      'Gloucester Road',
      'Russell Square',
      'Tooley Street',
      'Buckingham Palace Road',
      'Southampton Row',
      'Westferry Circus',
      'Sussex Gardens',
      'Belgrave Road',
      'Great Russell Street',
    ],
  },
  PAR: {
    districts: [
      'Opéra',
      'Montmartre',
      'Le Marais',
      'Gare de Lyon',
      'Gare du Nord',
      'Saint-Germain-des-Prés',
      'Champs-Élysées',
      'Tour Eiffel',
      'Bastille',
      'Montparnasse',
      'La Défense',
      'Quartier Latin',
      'République',
      'Porte Maillot',
    ],
    streets: [
      'Rue de Rivoli',
      'Boulevard Haussmann',
      'Rue Saint-Honoré',
      "Avenue de l'Opéra",
      'Rue de la Paix',
      'Boulevard Saint-Germain',
      'Rue du Faubourg Saint-Antoine',
      'Avenue des Champs-Élysées',
      'Rue de Vaugirard',
      'Rue La Fayette',
      'Quai de la Tournelle',
      'Rue Mouffetard',
      'Boulevard de Clichy',
      'Rue de Rennes',
      'Avenue de Suffren',
      'Rue de Lyon',
    ],
    localNames: [
      'Hôtel des Érables',
      "Hôtel du Château d'Eau",
      'Le Petit Hôtel Élysée',
      'Hôtel Saint-Étienne',
      'Hôtel de la Comédie',
      'Hôtel Bon Séjour',
      'Hôtel Molière',
      'Hôtel des Deux Îles',
      'Hôtel Belle Époque',
      'Hôtel Régence',
      'Hôtel du Panthéon',
      'Hôtel Léopold',
    ],
  },
  NYC: {
    districts: [
      'Midtown',
      'Times Square',
      'Financial District',
      'SoHo',
      'Chelsea',
      'Upper East Side',
      'Upper West Side',
      'Brooklyn',
      'Long Island City',
      'JFK Airport',
      'Murray Hill',
      'Tribeca',
    ],
    streets: [
      'Broadway',
      'Lexington Avenue',
      '7th Avenue',
      'West 44th Street',
      'Park Avenue',
      'Madison Avenue',
      'Wall Street',
      'Bowery',
      'West 57th Street',
      'Fulton Street',
      'Court Street',
      'Amsterdam Avenue',
    ],
  },
  TYO: {
    districts: ['Shinjuku', 'Shibuya', 'Ginza', 'Asakusa', 'Ueno', 'Roppongi', 'Ikebukuro', 'Shinagawa', 'Akasaka', 'Odaiba'],
    streets: ['Chuo-dori', 'Meiji-dori', 'Yasukuni-dori', 'Sotobori-dori', 'Harumi-dori', 'Aoyama-dori', 'Showa-dori', 'Kokusai-dori'],
    scriptNames: [
      ['ホテル雅', 'Hotel Miyabi'],
      ['桜ホテル', 'Sakura Hotel'],
      ['旅館 松風', 'Ryokan Matsukaze'],
      ['ホテル月光', 'Hotel Gekko'],
      ['富士ビューホテル', 'Fuji View Hotel'],
      ['ホテル花月', 'Hotel Kagetsu'],
      ['ホテル青葉', 'Hotel Aoba'],
      ['旅館 山水', 'Ryokan Sansui'],
    ],
  },
  OSA: {
    districts: ['Umeda', 'Namba', 'Shinsaibashi', 'Tennoji', 'Osaka Castle', 'Bay Area'],
    streets: ['Midosuji', 'Sakaisuji', 'Tanimachi-suji', 'Nagahori-dori', 'Yotsubashi-suji'],
    scriptNames: [
      ['ホテル難波', 'Hotel Namba'],
      ['ホテル浪速', 'Hotel Naniwa'],
      ['旅館 大和', 'Ryokan Yamato'],
      ['ホテル天満', 'Hotel Tenma'],
      ['ホテル梅田', 'Hotel Umeda'],
    ],
  },
  ROM: {
    districts: ['Centro Storico', 'Termini', 'Trastevere', 'Vaticano', 'Colosseo', 'Prati', 'Monti', 'Fiumicino'],
    streets: [
      'Via del Corso',
      'Via Nazionale',
      'Via Cavour',
      'Via Veneto',
      'Via Merulana',
      'Via Giolitti',
      'Via Cola di Rienzo',
      'Via della Conciliazione',
      'Via dei Fori Imperiali',
    ],
    localNames: [
      'Albergo del Senato',
      'Hotel Città Eterna',
      'Hotel Fontana di Trevi',
      'Residenza Santa Maria',
      'Hotel Piazza di Spagna',
      'Albergo Santa Chiara',
      "Hotel Sant'Anselmo",
      'Hotel Perù',
    ],
  },
  MIL: {
    districts: ['Duomo', 'Centrale', 'Brera', 'Navigli', 'Porta Garibaldi', 'Fiera', 'Linate'],
    streets: ['Corso Buenos Aires', 'Via Manzoni', 'Corso Como', 'Via Torino', 'Corso di Porta Ticinese', 'Via Vittor Pisani', 'Via Dante'],
    localNames: ['Hotel Città Studi', 'Albergo Lombardia', 'Hotel Galleria Vittorio', 'Hotel Brera Libertà', 'Hotel Sempione'],
  },
  BCN: {
    districts: ['Eixample', 'Gràcia', 'Barri Gòtic', 'Barceloneta', 'Sants', 'Poblenou', 'El Born'],
    streets: [
      'Passeig de Gràcia',
      'La Rambla',
      'Carrer de Balmes',
      'Avinguda Diagonal',
      'Gran Via de les Corts Catalanes',
      "Carrer d'Aragó",
      'Carrer de Pelai',
    ],
    localNames: [
      'Hotel Ciutat Vella',
      'Hostal La Niña',
      'Hotel Condal Gràcia',
      'Hotel Sant Jordi',
      'Hotel Marítim Barceloneta',
      'Hotel Pelaio',
    ],
  },
  MAD: {
    districts: ['Sol', 'Gran Vía', 'Salamanca', 'Chamberí', 'Retiro', 'Barajas', 'Chamartín'],
    streets: [
      'Gran Vía',
      'Calle de Alcalá',
      'Paseo de la Castellana',
      'Calle Mayor',
      'Calle de Serrano',
      'Calle de Atocha',
      'Calle de Fuencarral',
    ],
    localNames: [
      'Hotel Puerta del Sol',
      'Hotel Señorío de Castilla',
      'Hostal Castaño',
      'Hotel Plaza Mayor',
      'Hotel Cibeles Jardín',
      'Hotel Peñalara',
    ],
  },
  LIS: {
    districts: ['Baixa', 'Alfama', 'Chiado', 'Bairro Alto', 'Belém', 'Parque das Nações', 'Avenidas Novas'],
    streets: ['Avenida da Liberdade', 'Rua Augusta', 'Rua Garrett', 'Rua do Ouro', 'Rua da Prata', 'Avenida da República'],
    localNames: [
      'Pensão São Bento',
      'Hotel Alfama Coração',
      'Hotel Jerónimos',
      'Hotel Castelo São Jorge',
      'Hotel Solar dos Mouros',
      'Hotel Conceição',
    ],
  },
  BER: {
    districts: [
      'Mitte',
      'Kreuzberg',
      'Prenzlauer Berg',
      'Charlottenburg',
      'Friedrichshain',
      'Potsdamer Platz',
      'Alexanderplatz',
      'Schöneberg',
    ],
    streets: [
      'Unter den Linden',
      'Friedrichstraße',
      'Kurfürstendamm',
      'Torstraße',
      'Oranienstraße',
      'Schönhauser Allee',
      'Karl-Marx-Allee',
      'Invalidenstraße',
    ],
    localNames: [
      'Hotel Zur Goldenen Brücke',
      'Hotel Königshof',
      'Gasthof Müller',
      'Hotel Spreeblick',
      'Hotel Am Weißen See',
      'Pension Schönhauser',
      'Hotel Bärenquell',
      'Hotel Märkischer Hof',
    ],
  },
  VIE: {
    districts: ['Innere Stadt', 'Leopoldstadt', 'Mariahilf', 'Wieden', 'Josefstadt', 'Hauptbahnhof'],
    streets: ['Kärntner Straße', 'Mariahilfer Straße', 'Ringstraße', 'Praterstraße', 'Wiedner Hauptstraße', 'Graben'],
    localNames: ['Hotel Kaiserhof Wien', 'Pension Schönbrunn', 'Hotel Stephansdom Blick', 'Hotel Zum Türkenritt', 'Gästehaus Währing'],
  },
  PRG: {
    districts: ['Staré Město', 'Malá Strana', 'Nové Město', 'Vinohrady', 'Žižkov', 'Hradčany', 'Smíchov'],
    streets: ['Václavské náměstí', 'Národní', 'Karlova', 'Nerudova', 'Vinohradská', 'Na Příkopě', 'Štěpánská', 'Újezd'],
    localNames: [
      'Hotel U Zlatého Lva',
      'Hotel Modrá Růže',
      'Penzion U Kříže',
      'Hotel Hradčanská Brána',
      'Hotel Žižkovská Věž',
      'Hotel U Tří Čápů',
      'Hotel Vltava Ústí',
      'Hotel Pražský Dvůr',
    ],
  },
  BUD: {
    districts: ['Belváros', 'Lipótváros', 'Erzsébetváros', 'Buda Castle', 'Józsefváros'],
    streets: ['Andrássy út', 'Váci utca', 'Király utca', 'Rákóczi út', 'Fő utca'],
    localNames: ['Hotel Gellért Kert', 'Szálloda Duna', 'Hotel Erzsébet Királyné', 'Hotel Lánchíd Őrház'],
  },
  WAW: {
    districts: ['Śródmieście', 'Stare Miasto', 'Praga', 'Mokotów', 'Wola'],
    streets: ['Nowy Świat', 'Marszałkowska', 'Krakowskie Przedmieście', 'Aleje Jerozolimskie', 'Żelazna'],
    localNames: ['Hotel Łazienki', 'Hotel Żoliborz', 'Hotel Wisła Śródmieście', 'Hotel Pod Różą'],
  },
  IST: {
    districts: ['Sultanahmet', 'Beyoğlu', 'Taksim', 'Şişli', 'Kadıköy', 'Beşiktaş', 'Karaköy'],
    streets: ['İstiklal Caddesi', 'Divan Yolu', 'Cumhuriyet Caddesi', 'Büyükdere Caddesi', 'Bağdat Caddesi', 'Necatibey Caddesi'],
    localNames: [
      'Otel Boğaziçi',
      'Sultanahmet Sarayı Oteli',
      'Galata Kulesi Otel',
      'Çırağan Konak',
      'Şişli Park Otel',
      'Kadıköy Güneş Otel',
      'Üsküdar Bahçe Otel',
    ],
  },
  MOW: {
    districts: ['Tverskoy', 'Arbat', 'Kitay-gorod', 'Zamoskvorechye', 'Presnensky', 'Sokolniki'],
    streets: ['Tverskaya Ulitsa', 'Ulitsa Arbat', 'Petrovka', 'Myasnitskaya Ulitsa', 'Bolshaya Ordynka', 'Novy Arbat'],
    scriptNames: [
      ['Гостиница Арбат', 'Arbat Hotel'],
      ['Отель Метрополь', 'Hotel Metropol'],
      ['Гостиница Националь', 'Hotel National'],
      ['Отель Пекин', 'Hotel Peking'],
      ['Гостиница Космос', 'Cosmos Hotel'],
      ['Отель Белград', 'Hotel Belgrad'],
      ['Гостиница Украина', 'Hotel Ukraina'],
      ['Отель Садовое Кольцо', 'Garden Ring Hotel'],
    ],
  },
  DXB: {
    districts: ['Downtown', 'Dubai Marina', 'Deira', 'Bur Dubai', 'Jumeirah', 'Business Bay', 'Al Barsha', 'Palm Jumeirah'],
    streets: ['Sheikh Zayed Road', 'Al Maktoum Road', 'Jumeirah Beach Road', 'Al Rigga Road', 'Khalid Bin Al Waleed Road', 'Marina Walk'],
    scriptNames: [
      ['فندق النخيل', 'Al Nakheel Hotel'],
      ['فندق الواحة', 'Al Waha Hotel'],
      ['فندق القصر', 'Al Qasr Hotel'],
      ['فندق الصحراء', 'Al Sahraa Hotel'],
      ['فندق اللؤلؤة', "Al Lulu'a Hotel"],
      ['فندق الريم', 'Al Reem Hotel'],
      ['فندق النجمة', 'Al Najma Hotel'],
      ['فندق البحر', 'Al Bahr Hotel'],
    ],
  },
  CAI: {
    districts: ['Downtown', 'Zamalek', 'Garden City', 'Giza', 'Heliopolis', 'Nasr City'],
    streets: ['Corniche El Nil', 'Tahrir Square', 'Talaat Harb Street', '26th of July Street', 'Pyramids Road'],
    scriptNames: [
      ['فندق النيل', 'Nile Hotel'],
      ['فندق الأهرام', 'Al Ahram Hotel'],
      ['فندق الزمالك', 'Zamalek Hotel'],
      ['فندق القاهرة', 'Cairo Hotel'],
      ['فندق الفيروز', 'Al Fayrouz Hotel'],
    ],
  },
  RAK: {
    districts: ['Medina', 'Gueliz', 'Hivernage', 'Palmeraie', 'Kasbah'],
    streets: ['Avenue Mohammed V', 'Rue de la Kasbah', 'Boulevard Zerktouni', 'Derb Dabachi'],
    localNames: ['Riad Dar Salâm', 'Riad Lalla Zineb', 'Dar El Médina', 'Riad Kasbah Étoile'],
    scriptNames: [
      ['رياض الياسمين', 'Riad Al Yasmine'],
      ['دار السلام', 'Dar Essalam'],
    ],
  },
  ATH: {
    districts: ['Plaka', 'Syntagma', 'Monastiraki', 'Kolonaki', 'Omonia', 'Piraeus'],
    streets: ['Ermou', 'Leoforos Vasilissis Sofias', 'Athinas', 'Panepistimiou', 'Adrianou'],
    scriptNames: [
      ['Ξενοδοχείο Ακρόπολις', 'Acropolis Hotel'],
      ['Ξενοδοχείο Αθηνά', 'Athina Hotel'],
      ['Ξενοδοχείο Πλάκα', 'Plaka Hotel'],
      ['Ξενοδοχείο Ερμής', 'Hermes Hotel'],
      ['Ξενοδοχείο Ολύμπια', 'Olympia Hotel'],
    ],
  },
  SEL: {
    districts: ['Myeongdong', 'Gangnam', 'Insadong', 'Hongdae', 'Itaewon', 'Jongno', 'Yeouido'],
    streets: ['Sejong-daero', 'Teheran-ro', 'Eulji-ro', 'Itaewon-ro', 'Jong-ro'],
    scriptNames: [
      ['호텔 한강', 'Hotel Hangang'],
      ['서울 궁전 호텔', 'Seoul Palace Hotel'],
      ['호텔 남산', 'Hotel Namsan'],
      ['명동 호텔', 'Myeongdong Hotel'],
      ['호텔 아리랑', 'Hotel Arirang'],
    ],
  },
  BKK: {
    districts: ['Sukhumvit', 'Silom', 'Siam', 'Riverside', 'Khao San', 'Pratunam', 'Sathorn'],
    streets: ['Sukhumvit Road', 'Silom Road', 'Rama I Road', 'Charoen Krung Road', 'Ratchadamri Road', 'Phetchaburi Road'],
    scriptNames: [
      ['โรงแรมเจ้าพระยา', 'Chao Phraya Hotel'],
      ['โรงแรมสุขุมวิท', 'Sukhumvit Hotel'],
      ['โรงแรมสยาม', 'Siam Hotel'],
      ['โรงแรมลุมพินี', 'Lumphini Hotel'],
      ['โรงแรมรัตนโกสินทร์', 'Rattanakosin Hotel'],
    ],
  },
  HKG: {
    districts: ['Central', 'Tsim Sha Tsui', 'Causeway Bay', 'Wan Chai', 'Mong Kok', 'Kowloon'],
    streets: ["Queen's Road Central", 'Nathan Road', 'Hennessy Road', 'Des Voeux Road', 'Canton Road'],
    scriptNames: [
      ['維港酒店', 'Harbour View Hotel'],
      ['九龍酒店', 'Kowloon Hotel'],
      ['金域酒店', 'Golden Crown Hotel'],
      ['海景酒店', 'Sea View Hotel'],
    ],
  },
  AMS: {
    districts: ['Centrum', 'Jordaan', 'De Pijp', 'Museumkwartier', 'Zuidas', 'Schiphol', 'Oost'],
    streets: ['Damrak', 'Prinsengracht', 'Keizersgracht', 'Rokin', 'Stadhouderskade', 'Overtoom', 'Ferdinand Bolstraat'],
    localNames: ['Hotel De Gouden Tulp', 'Hotel Het Grachtenhuis', "Hotel 't Jordaantje", 'Hotel Amstelzicht', 'Hotel De Twee Zwaantjes'],
  },
  CPH: {
    localNames: ['Hotel Nørreport', 'Hotel Søstrene', 'Hotel Østerbro', 'Hotel Kongens Have'],
    streets: ['Strøget', 'Vesterbrogade', 'Nørre Voldgade', 'Østergade', 'Nyhavn'],
  },
  STO: {
    localNames: ['Hotel Öster', 'Hotel Gamla Stan Källare', 'Hotel Södermalm', 'Hotel Kungsträdgården'],
    streets: ['Drottninggatan', 'Kungsgatan', 'Götgatan', 'Strandvägen', 'Vasagatan'],
  },
  REK: {
    localNames: ['Hótel Borg', 'Gistihús Laugavegur', 'Hótel Tjörnin', 'Hótel Skólavörðustígur'],
    streets: ['Laugavegur', 'Skólavörðustígur', 'Hverfisgata', 'Austurstræti'],
  },
  MEX: {
    localNames: ['Hotel Zócalo Colonial', 'Hotel Señorial Reforma', 'Hotel Coyoacán Jardín'],
    streets: ['Paseo de la Reforma', 'Avenida Juárez', 'Calle Madero', 'Avenida Insurgentes'],
  },
  BUE: {
    localNames: ['Hotel Palermo Jardín', 'Hotel Recoleta Señorial', 'Hotel San Telmo Café'],
    streets: ['Avenida Corrientes', 'Avenida de Mayo', 'Calle Florida', 'Avenida Santa Fe'],
  },
  RIO: {
    localNames: ['Hotel Copacabana Praia', 'Pousada São Conrado', 'Hotel Ipanema Canção'],
    streets: ['Avenida Atlântica', 'Rua Visconde de Pirajá', 'Avenida Rio Branco', 'Rua Barata Ribeiro'],
  },
  DUB: { streets: ["O'Connell Street", 'Grafton Street', 'Dame Street', 'Baggot Street', 'Parnell Square'] },
  YTO: {
    localNames: ['Hôtel Le Royal Toronto'],
    streets: ['Yonge Street', 'King Street West', 'Queen Street West', 'Bloor Street', 'Front Street'],
  },
};

export function cityLocale(cityCode: string): CityLocale {
  const specific = CITY_LOCALES[cityCode] ?? {};
  return {
    districts: specific.districts ?? GENERIC.districts,
    streets: specific.streets ?? GENERIC.streets,
    localNames: specific.localNames ?? GENERIC.localNames,
    scriptNames: specific.scriptNames ?? GENERIC.scriptNames,
  };
}
