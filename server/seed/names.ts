/** Name pools for seed data: a mix typical of construction crews in North America. */
export const FIRST_NAMES = [
  'James', 'Maria', 'Robert', 'Linda', 'Michael', 'Patricia', 'David', 'Jennifer', 'Carlos', 'Elizabeth',
  'Jose', 'Susan', 'Daniel', 'Jessica', 'Matthew', 'Sarah', 'Anthony', 'Karen', 'Mark', 'Nancy',
  'Luis', 'Lisa', 'Steven', 'Betty', 'Andrew', 'Ashley', 'Joshua', 'Emily', 'Kevin', 'Michelle',
  'Brian', 'Amanda', 'Miguel', 'Melissa', 'Ryan', 'Stephanie', 'Jacob', 'Rebecca', 'Gary', 'Laura',
  'Tyler', 'Sharon', 'Juan', 'Cynthia', 'Eric', 'Angela', 'Jonathan', 'Rosa', 'Aaron', 'Ana',
  'Trevor', 'Keisha', 'Darnell', 'Priya', 'Wei', 'Mei', 'Tomasz', 'Olga', 'Kwame', 'Aisha',
  'Dmitri', 'Sofia', 'Hector', 'Grace', 'Marcus', 'Hannah', 'Raj', 'Fatima', 'Cody', 'Brianna',
] as const;

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  'Kowalski', 'Novak', 'Okafor', 'Mensah', 'Patel', 'Singh', 'Chen', 'Wang', 'Kim', 'Park',
  "O'Brien", 'Murphy', 'Sullivan', 'Fischer', 'Schmidt', 'Ivanov', 'Castillo', 'Morales', 'Reyes', 'Cruz',
] as const;

/** Area codes of North American metros with busy construction markets. */
export const AREA_CODES = [
  '206', '212', '213', '214', '303', '305', '312', '404', '415', '469', '480', '503', '512', '602', '617',
  '619', '702', '713', '720', '737', '786', '801', '808', '832', '917', '949', '971', '972',
] as const;
