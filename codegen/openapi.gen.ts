// GENERATED FILE, DO NOT EDIT. Source: openapi.yaml. Regenerate with `npm run codegen`.
/* eslint-disable */
export type paths = {
    "/api/Auth/SignUp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Creates the account once its phone is proven by a code of purpose signUp (SendCode), and signs in. Without the right code nothing is looked up, so no answer tells a registered number from a free one; "already registered" (409) is told only to the phone's holder. */
        post: operations["signUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Auth/SignIn": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["signIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Auth/SignOut": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Ends the session of the token sent; that token is refused from the next call on. */
        post: operations["signOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Auth/SignOutEverywhere": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Ends every session of the signed-in user, this one included. */
        post: operations["signOutEverywhere"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Auth/ChangePassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Checks the current password, stores the new one, ends every other session and answers a fresh token for this one. */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Auth/SecondFactor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Where the caller's session stands with the panel's second factor, and what the account holds. Panel accounts only. */
        get: operations["getSecondFactor"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Auth/SecondFactor/Totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Begins enrolling an authenticator app: a new secret, its otpauth:// address and QR code. Only for an account holding no factor yet, or a session that passed it (a password alone cannot replace the factor). */
        post: operations["startTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Auth/SecondFactor/Totp/Confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Confirms the secret begun by startTotp with a first code; the session has then passed the factor. Answers the recovery codes once. */
        post: operations["confirmTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Auth/SecondFactor/Verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Passes the second factor for this session with a code from the app (each used once) or a recovery code (spent). Wrong codes are limited per account. */
        post: operations["verifySecondFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Auth/SecondFactor/Passkey/Options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description The options for registering a passkey (same rule as startTotp); the challenge is kept with the session. */
        post: operations["passkeyRegistrationOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Auth/SecondFactor/Passkey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Verifies and keeps a new passkey; the session has then passed the factor. Answers recovery codes when the account had none. */
        post: operations["registerPasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Auth/SecondFactor/Passkey/SignInOptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description The options for passing the second factor with one of the account's passkeys; the challenge is kept with the session. */
        post: operations["passkeySignInOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Auth/SecondFactor/Passkey/SignIn": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Passes the second factor for this session with a passkey's signature over the session's challenge (used once). */
        post: operations["signInWithPasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Auth/ResetPassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Sets a new password with a one-time reset link's token (issued by an admin, or e-mailed by SendResetLink), ends every session of the account and uses the link up. An account that opens the admin panel also needs the reset code SMS'd to its phone (SendResetLinkCode): the link and the code are spent together. */
        post: operations["resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Auth/SendResetLinkCode": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Sends the reset code by SMS to the phone of the account a valid reset link belongs to, when that account opens the admin panel (its new password needs the link and the code). The limits of SendCode apply. A learner's link needs no code (400). */
        post: operations["sendResetLinkCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Auth/SendCode": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Sends a 6-digit code by SMS to the number, for one purpose. The same answer, in the same time, whether or not the number has an account: every number gets the code. One code a minute and five an hour per number, and a budget per client address; only the newest code of a number and purpose works. */
        post: operations["sendCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Auth/SignInWithCode": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Signs in with the number's newest code of purpose signIn; the same session and token as a password sign-in. The code works once. An account that opens the admin panel is refused (403) and signs in with its password. */
        post: operations["signInWithCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Auth/ResetPasswordWithCode": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Sets a new password with the number's newest code of purpose reset and ends every session of the account. The code works once. An account that opens the admin panel is refused (403, the code spent); its recovery needs the e-mailed (or admin-issued) link and a code together (ResetPassword). */
        post: operations["resetPasswordWithCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Auth/SendResetLink": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description E-mails a one-time reset link (an hour) to the account with this address, if there is one. The same answer, in the same time, either way: the mail is sent after answering. */
        post: operations["sendResetLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/User/GetDashboardData": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getDashboardData"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/File/all-images": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listImages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/File/library": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["mediaLibrary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/File/upload-image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["uploadImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/File/image/{fileName}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["serveImage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/File/all-videos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listVideos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/File/upload-video": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["uploadVideo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/File/video/{fileName}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["serveVideo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/File/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["deleteFile"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Public/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["publicCategories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Public/categories/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description An active category and one page of its active courses, with the catalogue's filters (a `category` among them is refused as unknown). */
        get: operations["publicCategory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Public/courses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The catalogue. Every filter is optional; an empty value is no filter; numbers and dates may be typed in Persian or Arabic digits. An unreadable or unknown parameter is a 400 with a Persian message (schema/rules/courseFilters.ts reads them). The list answers in pages of a bounded size. */
        get: operations["publicCourses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Public/courses/{slug}/related": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["publicRelatedCourses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Public/teachers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["publicTeachers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Public/teachers/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["publicTeacher"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Public/sections/{section}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A section of the site made of one entity's records (the schema's publicView.section), each its public view. */
        get: operations["publicSection"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Public/sections/{section}/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["publicSectionRecord"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Public/courses/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["publicCourse"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Public/articles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["publicArticles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Public/articles/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["publicArticle"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Children": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listChildren"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Children/Create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["createChild"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Children/Update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["updateChild"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Children/Delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["deleteChild"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Cart": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getCart"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Cart/Add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["addToCart"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Cart/Remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["removeFromCart"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Cart/Coupon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["applyCoupon"];
        delete: operations["removeCoupon"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Orders/Invoice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A paid order's invoice, for the order's owner or an admin */
        get: operations["getInvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Orders/Checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["checkout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Payment/Verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["verifyPayment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Waitlist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listWaitlist"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Waitlist/Join": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["joinWaitlist"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Waitlist/Leave": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["leaveWaitlist"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Enrollments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listEnrollments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Public/courses/{slug}/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["publicCourseSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Learner/Schedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["learnerSchedule"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Learner/Profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["updateProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Contact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["sendContactMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Admin/views": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listSavedViews"];
        put?: never;
        post: operations["saveView"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Admin/views/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["deleteSavedView"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Admin/{entity}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The list's rows matching the same search, filters and sort as the list protocol (paging ignored) as CSV for Excel: UTF-8 with BOM, CRLF, the schema's columns under their Persian headers, option labels, Jalali dates in Persian digits, numbers in Latin digits. */
        get: operations["exportList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Admin/{entity}/labels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The labels of records of one entity, for a table's reference columns (one call per table). */
        get: operations["adminLabels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Admin/{entity}/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A reference picker's choices, matched Persian-aware against the records' labels. */
        get: operations["adminOptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Admin/{entity}/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description One record and the records of other entities that reference it (its detail view). */
        get: operations["adminRecord"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Admin/badges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The sidebar's counts, every entity's in one call (schema `navBadge`). */
        get: operations["adminBadges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Admin/access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description What the caller may do at the panel, which draws its sidebar, columns, fields and buttons from it; any panel account may ask. */
        get: operations["panelAccess"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Admin/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The audit log, newest first. Every filter is optional; from/to are ISO instants. */
        get: operations["listAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Admin/audit/{id}/revert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Undoes one change (update → before values, delete → re-created, create → deleted); itself audited. */
        post: operations["revertAudit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Admin/{entity}/bulk-delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Deletes chosen rows of an admin entity in one transaction; rows still in use or protected are skipped and reported. */
        post: operations["adminBulkDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Admin/{entity}/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Creates rows of an importable entity from a CSV file (UTF-8, with or without BOM). Every row is checked; if any is rejected nothing is written. */
        post: operations["adminImportCsv"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Article/GetSelectList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listArticle"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Article/Create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["createArticle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Article/Update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["updateArticle"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Article/Delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["deleteArticle"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Attendance/GetSelectList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listAttendanceRecord"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Attendance/Update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["updateAttendanceRecord"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Category/GetSelectList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listCategory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Category/Create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["createCategory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Category/Update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["updateCategory"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Category/Delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["deleteCategory"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Child/GetSelectList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listChildRecord"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Child/Create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["createChildRecord"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ClassSession/GetSelectList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listClassSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ClassSession/Create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["createClassSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ClassSession/Update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["updateClassSession"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ClassSession/Delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["deleteClassSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ClassSession/Move": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description جابه‌جایی جلسه */
        post: operations["moveClassSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ClassSession/Cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description لغو جلسه */
        post: operations["cancelClassSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ClassSession/Reinstate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description برگزاری دوباره */
        post: operations["reinstateClassSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ClassSession/Roll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description حضور و غیاب */
        post: operations["rollClassSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ClassSession/AllPresent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description همه حاضر */
        post: operations["allPresentClassSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Coupon/GetSelectList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listCoupon"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Coupon/Create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["createCoupon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Coupon/Update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["updateCoupon"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Coupon/Delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["deleteCoupon"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Coupon/BulkEdit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["bulkEditCoupon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/CourseSlot/GetSelectList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listCourseSlot"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/CourseSlot/Create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["createCourseSlot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/CourseSlot/Update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["updateCourseSlot"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/CourseSlot/Delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["deleteCourseSlot"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Course/GetSelectList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listCourse"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Course/Create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["createCourse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Course/Update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["updateCourse"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Course/Delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["deleteCourse"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Course/BulkEdit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["bulkEditCourse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Course/ResyncSessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description ساخت دوباره جلسات */
        post: operations["resyncSessionsCourse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Course/CopyForNextTerm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description کپی برای ترم بعد */
        post: operations["copyForNextTermCourse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/EnrollmentRecord/GetSelectList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listEnrollmentRecord"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/EnrollmentRecord/Create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["createEnrollmentRecord"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/EnrollmentRecord/Cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description لغو ثبت‌نام */
        post: operations["cancelEnrollmentRecord"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/EnrollmentRecord/Move": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description انتقال به دوره دیگر */
        post: operations["moveEnrollmentRecord"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/EnrollmentRecord/Reinstate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description فعال کردن دوباره */
        post: operations["reinstateEnrollmentRecord"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Holiday/GetSelectList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listHoliday"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Holiday/Create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["createHoliday"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Holiday/Update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["updateHoliday"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Holiday/Delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["deleteHoliday"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Holiday/PreviewSave": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["previewSaveHoliday"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Contact/GetSelectList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listContactMessage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Contact/Update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["updateContactMessage"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Contact/Delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["deleteContactMessage"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Contact/BulkEdit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["bulkEditContactMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Contact/Reply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description پاسخ */
        post: operations["replyContactMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Contact/Archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description بایگانی */
        post: operations["archiveContactMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Notification/GetSelectList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listNotificationRecord"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Notification/Resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description ارسال دوباره */
        post: operations["resendNotificationRecord"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/OrderItemRecord/GetSelectList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listOrderItemRecord"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/OrderRecord/GetSelectList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listOrderRecord"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/OrderRecord/Refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description بازگشت وجه */
        post: operations["refundOrderRecord"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/OrderRecord/RecordManualRefund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description ثبت بازگشت دستی */
        post: operations["manualRefundOrderRecord"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/PaymentAttemptRecord/GetSelectList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listPaymentAttemptRecord"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Session/GetSelectList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listSignInSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/SiblingDiscount/GetSelectList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listSiblingDiscount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/SiblingDiscount/Create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["createSiblingDiscount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/SiblingDiscount/Update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["updateSiblingDiscount"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/SiblingDiscount/Delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["deleteSiblingDiscount"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/StaffRole/GetSelectList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listStaffRole"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/StaffRole/Create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["createStaffRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/StaffRole/Update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["updateStaffRole"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/StaffRole/Delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["deleteStaffRole"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Teacher/GetSelectList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listTeacher"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Teacher/Create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["createTeacher"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Teacher/Update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["updateTeacher"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Teacher/Delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["deleteTeacher"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/User/GetPagedFilter": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/User/Create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/User/UpdateByAdmin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["updateUser"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/User/Delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/User/Lock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description قفل کردن */
        post: operations["lockUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/User/Unlock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description باز کردن قفل */
        post: operations["unlockUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/User/ResetPassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description پیوند بازنشانی رمز */
        post: operations["resetPasswordUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/User/ResetSecondFactor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description بازنشانی ورود دومرحله‌ای */
        post: operations["resetSecondFactorUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/WaitlistEntry/GetSelectList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listWaitlistEntryRecord"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/WaitlistEntry/Offer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description پیشنهاد صندلی */
        post: operations["offerWaitlistEntryRecord"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/WaitlistEntry/Remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description حذف از فهرست */
        post: operations["leaveWaitlistEntryRecord"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = Record<string, never>;
export type components = {
    schemas: {
        /** @description One page of a list (list protocol), answered when any list parameter is given. */
        ListPage: {
            items: Record<string, never>[];
            /** @description Rows matching the search and filters */
            total: number;
            labels: components["schemas"]["ListLabels"];
        };
        /** @description What the page's columns show of other records, read with its rows as the labels call (GET /api/Admin/{entity}/labels) would answer them for the same caller. Every reading the columns need has its entry, empty where the caller's role may not read what it shows. */
        ListLabels: {
            /** @description The rows' own names by id, when the entity is named through its references (an enrolment, an attendance row); else empty. */
            names: {
                [key: string]: string;
            };
            /** @description Per referenced entity (registry key), the labels of the records the rows' reference columns hold, by id. */
            references: {
                [key: string]: {
                    [key: string]: string;
                };
            };
            /** @description Per path or many column (its id), its values by the id it is read through (the referenced record's for a path, the row's own for a many). */
            columns: {
                [key: string]: {
                    [key: string]: string;
                };
            };
        };
        /** @description A named admin list view (its URL query) kept for one admin. */
        SavedView: {
            id: number;
            entity: string;
            name: string;
            /** @description The list URL query without `?`, e.g. sort=-priceInTomans&f.type=online */
            query: string;
            /** Format: date-time */
            createdAt: string;
        };
        SavedViewBody: {
            entity: string;
            name: string;
            query: string;
        };
        AdminLabels: {
            /** @description Each asked id that exists, as a string key, with its record's label. */
            labels: {
                [key: string]: string;
            };
        };
        AdminOption: {
            id: number;
            label: string;
        };
        AdminOptions: {
            options: components["schemas"]["AdminOption"][];
        };
        AdminRelated: {
            /** @description The registry key of the referring entity */
            entity: string;
            /** @description Its reference field that points at the record */
            field: string;
            title: string;
            total: number;
            /** @description The newest referring rows (at most 20), shaped as that entity's rows */
            items: {
                [key: string]: unknown;
            }[];
        };
        AdminRecord: {
            /** @description The row, shaped as the entity's rows */
            record: {
                [key: string]: unknown;
            };
            label: string;
            /** @description True when this read itself changed the record (the schema's `onOpen`: a new message became read); the row is as it is after that change */
            opened?: boolean;
            related: components["schemas"]["AdminRelated"][];
        };
        AdminBadges: {
            /** @description Each entity whose schema declares a `navBadge`, by registry key, with how many of its records match it */
            badges: {
                [key: string]: number;
            };
        };
        /** @description Who is at the panel and what they may do (schema/rules/permissions.ts): an administrator holds everything; a staff member their role's grants, read again on every call */
        PanelAccess: {
            /** @enum {string} */
            kind: "administrator" | "staff";
            roleName: string;
            /** @description the teacher whose courses are a teacher's account's own; null otherwise */
            teacherId: number | null;
            grants: {
                /** @description By registry key; an entity not named is not granted. Empty for an administrator */
                entities: {
                    [key: string]: {
                        verbs: ("read" | "create" | "update" | "delete")[];
                        actions: string[];
                        hidden: string[];
                        readOnly: string[];
                        own: boolean;
                    };
                };
            };
        };
        /** @enum {string} */
        AuditAction: "create" | "update" | "delete" | "revert";
        AuditEntry: {
            id: number;
            /** Format: date-time */
            at: string;
            userId: number;
            userName: string;
            /** @description the role the change was made in: «مدیر سیستم» or the staff role's name at the time; empty for entries older than roles */
            userRole: string;
            /** @description the registry key (courses, users, …) */
            entity: string;
            recordId: number;
            action: components["schemas"]["AuditAction"];
            /** @description the record before the change (its contract row and version); null for a create */
            before: {
                [key: string]: unknown;
            } | null;
            /** @description the record after the change; null for a delete */
            after: {
                [key: string]: unknown;
            } | null;
            /** @description false when the record changed since, cannot be re-created, or the change was made by a record action that is not undone (a refund) */
            revertible: boolean;
            /** @description why the change cannot be undone (Persian, as the revert would refuse); null when it can */
            revertRefusal: string | null;
        };
        AuditActor: {
            id: number;
            name: string;
        };
        AuditPage: {
            items: components["schemas"]["AuditEntry"][];
            total: number;
            /** @description everyone who has an entry, for the user filter */
            actors: components["schemas"]["AuditActor"][];
        };
        /** @description 409 of an update whose `version` is not the record's current one */
        VersionConflict: {
            message: string;
            conflict: {
                /** @description the record as it is now (its contract row) */
                current: {
                    [key: string]: unknown;
                };
                changedFields: string[];
                changedBy: components["schemas"]["AuditActor"] | null;
                /** Format: date-time */
                changedAt: string | null;
            };
        };
        /** @description Either the ids of chosen rows (at most 1000), or a list query string (list protocol) meaning every matching row. */
        BulkDeleteBody: {
            ids: number[];
        } | {
            query: string;
            /** @description The count the admin confirmed; when the query now matches another count the server answers 409 and deletes nothing. */
            expected?: number;
        };
        BulkDeleteResult: {
            deleted: number;
            skipped: {
                id: number;
                label: string;
                reason: string;
            }[];
        };
        ImportResult: {
            /** @description Rows written (0 on a dry run or when any row was rejected) */
            created: number;
            /** @description Data rows read from the file */
            rows: number;
            dryRun: boolean;
            rejected: {
                /** @description The file's line number (the header is line 1) */
                line: number;
                message: string;
            }[];
        };
        ErrorBody: {
            message: string;
        };
        ForbiddenBody: {
            message: string;
            /**
             * @description A panel call from a session that has not passed the second factor: what it must do first, enrol one (the setting requires it and the account holds none) or verify with it.
             * @enum {string}
             */
            secondFactor?: "enrol" | "verify";
        };
        SecondFactorStatus: {
            /**
             * @description where this session stands with the panel's second factor
             * @enum {string}
             */
            state: "passed" | "enrol" | "verify";
            /** @description whether the academy requires a second factor of every panel account (PANEL_SECOND_FACTOR) */
            required: boolean;
            /** @description an authenticator app is enrolled */
            totp: boolean;
            /** @description passkeys registered */
            passkeys: number;
            recoveryCodesLeft: number;
        };
        TotpEnrolment: {
            /** @description the base32 secret, for typing into the app by hand */
            secret: string;
            /** @description the otpauth:// address the QR code holds */
            uri: string;
            /** @description the QR code as an SVG document, drawn on the server */
            qrSvg: string;
        };
        SecondFactorCode: {
            /** @description six digits from the app (any script), or a recovery code */
            code: string;
        };
        RecoveryCodes: {
            /** @description Ten one-time recovery codes, shown once (only their hashes are kept); empty when the account already had some. */
            recoveryCodes: string[];
        };
        PasskeyOptions: {
            /** @description WebAuthn creation or request options as JSON (@simplewebauthn/server) */
            options: {
                [key: string]: unknown;
            };
        };
        PasskeyResponse: {
            /** @description the authenticator's answer as JSON (@simplewebauthn/browser) */
            response: {
                [key: string]: unknown;
            };
        };
        IdBody: {
            id: number;
        };
        /** @description The body of a schema-declared record action (schema/define.ts ActionDecl) */
        RecordAction: {
            id: number;
            /** @description the version the admin saw; a stale one answers 409 */
            version?: number;
        };
        Created: {
            id: number;
        };
        Deleted: {
            id: number;
        };
        AccessToken: {
            /** @description HS256 JWT; payload has `sub` (user id), `role` ("Administrator" for role 300, "Staff" for role 200, "User" for role 1), `ver` (the user's token version), `sid` (the session), `iat` and `exp` (at most 7 days after `iat`). */
            accessToken: string;
            /** @description Sign-in only, and only when there were some: wrong passwords tried against this account since its last successful sign-in, so the owner learns that the account is being guessed at. */
            failedSignIns?: number;
            /** @description ISO time of the latest of those wrong passwords (present with failedSignIns). */
            lastFailedSignInAt?: string;
        };
        ChangePasswordBody: {
            currentPassword: string;
            newPassword: string;
        };
        SessionsEnded: {
            /** @description How many open sessions this call ended */
            ended: number;
        };
        PasswordResetBody: {
            /** @description The link's last path segment */
            token: string;
            newPassword: string;
            /** @description For an account that opens the admin panel, required: the reset code SMS'd to the account's phone (SendResetLinkCode); ignored otherwise */
            code?: components["schemas"]["OneTimeCode"];
        };
        ResetLinkCodeBody: {
            /** @description The link's last path segment */
            token: string;
        };
        /** @description The 6-digit code of the SMS (SendCode); Persian, Arabic or Latin digits, spaces and dashes allowed */
        OneTimeCode: string;
        SendCodeBody: {
            /** @description Iranian mobile 09xxxxxxxxx; Persian, Arabic or Latin digits */
            phoneNumber: string;
            /**
             * @description What the code may be used for (SignInWithCode, SignUp, ResetPasswordWithCode); a code of one purpose does no other
             * @enum {string}
             */
            purpose: "signIn" | "signUp" | "reset";
        };
        CodeSent: {
            message: string;
            /** @description How long the code works */
            expiresInSeconds: number;
            /** @description When a new code to this number may be asked for */
            resendAfterSeconds: number;
        };
        CodeTooSoon: {
            message: string;
            /** @description Present when the number's last code is too recent: the seconds until another may be sent */
            retryAfterSeconds?: number;
        };
        RetryLater: {
            message: string;
            /** @description The seconds until another attempt is taken */
            retryAfterSeconds: number;
        };
        CodeSignInBody: {
            phoneNumber: string;
            code: components["schemas"]["OneTimeCode"];
        };
        CodeResetBody: {
            phoneNumber: string;
            code: components["schemas"]["OneTimeCode"];
            newPassword: string;
        };
        ResetLinkBody: {
            emailAddress: string;
        };
        MessageAnswer: {
            message: string;
        };
        SignInBody: {
            /** @description mobile number or email address */
            username: string;
            password: string;
        };
        DashboardData: {
            totalUsers?: number;
            totalRegisterToday?: number;
            totalCoursesSold?: number;
            totalCoursesSoldToday?: number;
            totalCourses?: number;
            /** @description verified payments with an amount owed back (not counted as sales) */
            refundDueOrders?: number;
            /** @description the sum owed back over those orders */
            refundDueInTomans?: number;
            money?: components["schemas"]["DashboardMoney"];
            today?: components["schemas"]["DashboardToday"];
        };
        /** @description The academy's day now (Tehran): its class sessions, in the order they start, each with its register at /admin/classSessions/{id}; the messages not yet read; the waiting-list seats offered and not yet taken. Paid today is money.today, refunds owed refundDueOrders. */
        DashboardToday: {
            /** @description the Jalali day (yyyy-mm-dd, Latin digits) */
            day: string;
            sessions: {
                id: number;
                courseId: number;
                courseTitle: string;
                /** @description HH:MM, Tehran */
                startTime: string;
                endTime: string;
                cancelled: boolean;
            }[];
            newMessages: number;
            seatsOffered: number;
        };
        /** @description Money figures, all computed on the server in tomans and Tehran time. Revenue is paid orders (their total less what is owed or paid back) by the Jalali day of payment; refunds are amounts owed back and amounts paid back (refunded orders, refunded enrolments). */
        DashboardMoney: {
            /** @description Jalali day the figures start on (yyyy-mm-dd, Latin digits) */
            from: string;
            /** @description Jalali day the figures end on, inclusive */
            to: string;
            revenueInTomans: number;
            paidOrders: number;
            byMonth: {
                year: number;
                month: number;
                revenueInTomans: number;
                paidOrders: number;
            }[];
            byCourse: {
                courseId: number;
                title: string;
                revenueInTomans: number;
                /** @description paid order lines of the course */
                sold: number;
            }[];
            /** @description The Tehran day of now, whatever the range */
            today: {
                paidOrders: number;
                revenueInTomans: number;
            };
            refunds: {
                count: number;
                amountInTomans: number;
                dueCount: number;
                dueInTomans: number;
                refundedCount: number;
                refundedInTomans: number;
            };
        };
        MediaPlace: {
            /** @description the registry key; the record is at /admin/{entity}/{id} */
            entity: string;
            section: string;
            id: number;
            label: string;
            field: string;
        };
        MediaEntry: {
            /** @description the stored file name, the one link fields hold */
            name: string;
            originalName: string;
            /** @description bytes */
            size: number;
            type: string;
            /** Format: date-time */
            uploadedAt: string;
            uploader: string | null;
            usedIn: components["schemas"]["MediaPlace"][];
        };
        MediaLibrary: {
            items: components["schemas"]["MediaEntry"][];
        };
        FileInUse: {
            message: string;
            places: components["schemas"]["MediaPlace"][];
        };
        FileNames: string[];
        Uploaded: {
            /** @description the name the server gave the stored file */
            fileName: string;
        };
        UploadBody: {
            /** Format: binary */
            file: string;
        };
        /** @enum {string} */
        MediaType: "image" | "video";
        PublicCategory: components["schemas"]["PublicCategoryView"] & {
            courseCount: number;
        };
        PublicCourse: components["schemas"]["PublicCourseView"] & {
            /** @description false once the registration deadline has passed */
            registrationOpen: boolean;
            /** @description seats still free now; null when unlimited */
            seatsLeft: number | null;
            /** @description the early-bird price charged instead of priceInTomans until the end of `until`'s day; absent when there is none now */
            earlyBird?: {
                priceInTomans: number;
                /** Format: date-time */
                until: string;
            };
            /** @description the weekly pattern, Saturday (0) first */
            weeklySlots: {
                weekday: number;
                startTime: string;
                endTime: string;
            }[];
            category: {
                slug: string;
                name: string;
            };
            teacher: components["schemas"]["PublicTeacher"] | null;
        };
        /** @description One record of a public section: its entity's public view (the generated Public… component), whose fields the page reads from the schema */
        PublicSectionRecord: {
            id: number;
            slug?: string;
        } & {
            [key: string]: unknown;
        };
        /** @description One page of a course list; the pages before and after it are reached with `page`. */
        PublicCoursePage: {
            courses: components["schemas"]["PublicCourse"][];
            /** @description the courses of the whole list */
            total: number;
            page: number;
            pageSize: number;
            pageCount: number;
        };
        PublicCategoryPage: {
            category: components["schemas"]["PublicCategory"];
            courses: components["schemas"]["PublicCoursePage"];
        };
        PublicTeacherSummary: components["schemas"]["PublicTeacher"] & {
            /** @description active courses of active categories */
            courseCount: number;
        };
        PublicTeacherPage: {
            teacher: components["schemas"]["PublicTeacher"];
            courses: components["schemas"]["PublicCoursePage"];
        };
        PublicArticleSummary: components["schemas"]["PublicArticleView"] & {
            excerpt: string;
        };
        PublicArticle: components["schemas"]["PublicArticleSummary"] & {
            /** @description sanitised HTML */
            body: string;
        };
        /** @description A child as stored. Every save meets ChildFields; the column itself allows no birth date, so an answer may carry null */
        Child: {
            id: number;
            firstName: string;
            lastName: string;
            /** Format: date-time */
            birthDate: string | null;
            grade: string;
        };
        /** @description A new account, with the code its mobile received (schema/rules/forms/signUpRules.ts) */
        SignUpBody: {
            firstName: string;
            lastName: string;
            /** @description Iranian mobile, stored as 09xxxxxxxxx; Persian, Arabic or Latin digits, spaces, dashes and +98 are accepted */
            phoneNumber: string;
            emailAddress?: string;
            password: string;
            /** @description The 6-digit code of the SMS (SendCode); Persian, Arabic or Latin digits, spaces and dashes allowed */
            code: string;
        };
        /** @description A message through the contact form (schema/rules/forms/contactRules.ts) */
        ContactBody: {
            fullName: string;
            /** @description Iranian mobile, stored as 09xxxxxxxxx; Persian, Arabic or Latin digits, spaces, dashes and +98 are accepted */
            phoneNumber: string;
            emailAddress?: string;
            message: string;
        };
        /** @description A child as the parent enters it (schema/rules/forms/childRules.ts) */
        ChildFields: {
            firstName: string;
            lastName: string;
            /**
             * Format: date-time
             * @description the Tehran midnight of the birth day (schema/rules/calendar.ts)
             */
            birthDate: string;
            /** @description school grade, free text such as «پنجم دبستان» */
            grade: string;
        };
        /** @description The signed-in person's own profile (schema/rules/forms/profileRules.ts) */
        ProfileUpdateBody: {
            firstName: string;
            lastName: string;
            /** @description the sign-in number; changing it needs currentPassword */
            phoneNumber: string;
            emailAddress: string;
            /** @description asked when the mobile or the email changes */
            currentPassword?: string;
        };
        ChildUpdate: components["schemas"]["ChildFields"] & components["schemas"]["IdBody"];
        Profile: {
            id: number;
            firstName: string;
            lastName: string;
            phoneNumber: string;
            emailAddress: string;
            /** @enum {integer} */
            role: 0 | 1 | 300;
        };
        CourseSummary: {
            id: number;
            slug: string;
            title: string;
            categorySlug: string;
            coverImage: string;
            priceInTomans: number;
            /** Format: date-time */
            timeOfHolding: string | null;
            /** @enum {string} */
            type: "online" | "offline";
        };
        CartAddBody: {
            courseId: number;
            childId: number;
        };
        /** @description One of the learner's children on a full course's waiting list (server/features/commerce/seats.ts) */
        WaitlistItem: {
            id: number;
            childId: number;
            childName: string;
            course: components["schemas"]["CourseSummary"];
            /**
             * @description offered: a seat is held for the child until holdUntil; add it to the cart and pay
             * @enum {string}
             */
            status: "waiting" | "offered" | "expired";
            /** @description place among those waiting (1 = next); 0 when not waiting */
            position: number;
            /** Format: date-time */
            joinedAt: string;
            /** Format: date-time */
            holdUntil: string | null;
        };
        CartItem: {
            id: number;
            childId: number;
            childName: string;
            course: components["schemas"]["CourseSummary"];
            pricing: components["schemas"]["LinePricing"];
            /** @description the child's age on the course's first day falls outside its age range (a warning, not a refusal) */
            ageWarning?: string;
        };
        /** @description What a line costs (server/features/commerce/discounts.ts): the course's price, less the early-bird price's saving, the sibling discount and the coupon; priceInTomans is what is charged */
        LinePricing: {
            listPriceInTomans: number;
            earlyBirdDiscountInTomans: number;
            siblingDiscountInTomans: number;
            couponDiscountInTomans: number;
            priceInTomans: number;
        };
        Cart: {
            items: components["schemas"]["CartItem"][];
            /** @description the courses' prices before any discount */
            subtotalInTomans: number;
            /** @description every discount of the cart together */
            discountInTomans: number;
            /** @description what checkout charges */
            totalInTomans: number;
            /** @description The coupon code entered in the cart, null when none */
            coupon: null | {
                code: string;
                applied: boolean;
                /** @description why the code no longer applies (expired, used up, …), in Persian */
                error?: string;
            };
        };
        CouponBody: {
            code: string;
        };
        /** @description A paid order's invoice (server/features/commerce/invoices.ts) */
        Invoice: {
            orderId: number;
            invoiceNumber: number;
            /** @enum {string} */
            status: "paid" | "refundDue" | "refunded";
            /** Format: date-time */
            paidAt: string;
            refId: string;
            cardPan: string;
            academy: {
                name: string;
                legalName: string;
                address: string;
                phone: string;
                email: string;
            };
            buyer: {
                name: string;
                phoneNumber: string;
            };
            items: components["schemas"]["InvoiceItem"][];
            subtotalInTomans: number;
            discountInTomans: number;
            totalInTomans: number;
            /** @description empty when no coupon was used */
            couponCode: string;
            refundDueInTomans: number;
            refundedInTomans: number;
        };
        InvoiceItem: components["schemas"]["LinePricing"] & {
            childName: string;
            courseTitle: string;
        };
        Checkout: {
            orderId: number;
            /** @description the gateway page to send the browser to */
            paymentUrl: string;
        };
        PaymentResult: {
            orderId: number;
            /**
             * @description refundDue: the gateway took the payment but nothing was left to enrol; the amount is owed back. refunded: such a payment was paid back in full (reversed at the gateway at once)
             * @enum {string}
             */
            status: "paid" | "refundDue" | "refunded" | "cancelled" | "failed";
            /** @description the gateway's reference number of a paid order */
            refId?: string;
            /** @description the part of the payment owed back (set only when above zero) */
            refundDueInTomans?: number;
            /** @description what was paid back of a refunded order */
            refundedInTomans?: number;
            /** @description what the order charged */
            amountInTomans?: number;
            /** @description the invoice of a paid order */
            invoiceNumber?: number;
            /** @description what the order paid for, per child */
            items?: {
                childName: string;
                courseTitle: string;
                priceInTomans: number;
            }[];
        };
        Order: {
            id: number;
            /**
             * @description expired: set aside by a newer checkout; refundDue: paid with nothing left to enrol; refunded: paid back in full
             * @enum {string}
             */
            status: "pending" | "paid" | "refundDue" | "expired" | "cancelled" | "failed" | "refunded";
            totalInTomans: number;
            /** @description the part of a verified payment owed back to the payer */
            refundDueInTomans: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            paidAt: string | null;
            refId: string | null;
            /** @description every discount of the order together */
            discountInTomans?: number;
            /** @description set once the order is paid */
            invoiceNumber?: number | null;
            items: {
                childName: string;
                courseTitle: string;
                priceInTomans: number;
            }[];
        };
        LearnerSchedule: {
            children: components["schemas"]["ChildSchedule"][];
        };
        ChildSchedule: {
            /** @description the sessions of the child's active enrolments from today (Tehran) on, by date and start time; cancelled and moved ones included */
            sessions: components["schemas"]["TimetableSession"][];
            childId: number;
            childName: string;
            courses: components["schemas"]["ChildCourseSchedule"][];
            nextSession: components["schemas"]["ScheduledSession"] | null;
        };
        ChildCourseSchedule: {
            courseId: number;
            title: string;
            slug: string;
            categorySlug: string;
            /** @enum {string} */
            type: "online" | "offline";
            address: string;
            room: string;
            /** @description online courses only, and only to the parent of an actively enrolled child */
            classLink?: string;
            slots: {
                /** @description 0 = Saturday */
                weekday: number;
                startTime: string;
                endTime: string;
            }[];
            attendance: {
                present: number;
                absent: number;
                excused: number;
            };
            records: {
                sessionId: number;
                /** Format: date-time */
                date: string | null;
                startTime: string;
                /** @enum {string} */
                status: "present" | "absent" | "excused";
                note: string;
            }[];
        };
        ScheduledSession: {
            sessionId: number;
            courseId: number;
            title: string;
            /** @enum {string} */
            type: "online" | "offline";
            /** Format: date-time */
            date: string;
            startTime: string;
            endTime: string;
            address: string;
            room: string;
            note: string;
            /** @description the session was moved from its planned date */
            moved: boolean;
            classLink?: string;
        };
        Enrollment: {
            id: number;
            childId: number;
            childName: string;
            /** Format: date-time */
            enrolledAt: string;
            course: components["schemas"]["CourseSummary"];
        };
        TimetableSession: {
            /** @description the class session's id */
            id: number;
            courseId: number;
            courseTitle: string;
            courseSlug: string;
            categorySlug: string;
            /** @enum {string} */
            type: "online" | "offline";
            /**
             * Format: date-time
             * @description the start of the session's Tehran day
             */
            date: string;
            /** @description 'HH:MM', Tehran time */
            startTime: string;
            /** @description 'HH:MM', Tehran time */
            endTime: string;
            /** @enum {string} */
            status: "scheduled" | "cancelled";
            /**
             * Format: date-time
             * @description the day the weekly pattern planned, when the session was moved
             */
            movedFrom: string | null;
            /** @description why it was moved or cancelled, or any remark of the academy */
            note: string;
            /** @description in-person courses: where; empty for online ones */
            address: string;
            /** @description the session's room, else the course's */
            room: string;
            /** @description online courses only, and only while the child is actively enrolled; null otherwise */
            classLink: string | null;
        };
        PublicSession: {
            /** Format: date-time */
            date: string;
            startTime: string;
            endTime: string;
            /** @enum {string} */
            status: "scheduled" | "cancelled";
            /** Format: date-time */
            movedFrom: string | null;
            note: string;
            room: string;
        };
        ArticleFields: {
            author: string;
            name: string;
            /** @description HTML, sanitised by the server */
            body: string;
            /** @description a URL or path is accepted and stored as the bare file name */
            image: string;
        };
        Article: components["schemas"]["ArticleFields"] & {
            id: number;
            /** @description bumped by every update */
            version: number;
            slug: string;
            /** Format: date-time */
            createdAt: string;
        };
        ArticleUpdate: components["schemas"]["ArticleFields"] & {
            id: number;
            /** @description the version the edit started from; a stale one answers 409 */
            version?: number;
        };
        /** @description what the public site sees of one articles record (schema/articles.ts publicView) */
        PublicArticleView: {
            id: number;
            slug: string;
            name: string;
            author: string;
            image: string;
            /** Format: date-time */
            createdAt: string;
        };
        ArticleListPage: components["schemas"]["ListPage"] & {
            items?: components["schemas"]["Article"][];
        };
        AttendanceRecordFields: {
            /** @enum {string} */
            status: "unmarked" | "present" | "absent" | "excused";
            note?: string;
        };
        AttendanceRecord: components["schemas"]["AttendanceRecordFields"] & {
            id: number;
            /** @description bumped by every update */
            version: number;
            /** @description id of a ChildRecord; 0 when none */
            childId: number;
            /** @description id of a ClassSession; 0 when none */
            sessionId: number;
            /** @description id of a User; 0 when none */
            takenBy: number;
            /** Format: date-time */
            takenAt: string | null;
        };
        AttendanceRecordUpdate: components["schemas"]["AttendanceRecordFields"] & {
            id: number;
            /** @description the version the edit started from; a stale one answers 409 */
            version?: number;
        };
        AttendanceRecordListPage: components["schemas"]["ListPage"] & {
            items?: components["schemas"]["AttendanceRecord"][];
        };
        CategoryFields: {
            name: string;
            inActive: boolean;
            /** @description a URL or path is accepted and stored as the bare file name */
            coverImage: string;
        };
        Category: components["schemas"]["CategoryFields"] & {
            id: number;
            /** @description bumped by every update */
            version: number;
            slug: string;
        };
        CategoryUpdate: components["schemas"]["CategoryFields"] & {
            id: number;
            /** @description the version the edit started from; a stale one answers 409 */
            version?: number;
        };
        /** @description what the public site sees of one categories record (schema/categories.ts publicView) */
        PublicCategoryView: {
            id: number;
            slug: string;
            name: string;
            coverImage: string;
        };
        CategoryListPage: components["schemas"]["ListPage"] & {
            items?: components["schemas"]["Category"][];
        };
        ChildRecord: {
            id: number;
            /** @description bumped by every update */
            version: number;
            firstName: string;
            lastName: string;
            /** @description id of a User; 0 when none */
            userId: number;
            /** Format: date-time */
            birthDate?: string | null;
            grade: string;
        };
        ChildRecordListPage: components["schemas"]["ListPage"] & {
            items?: components["schemas"]["ChildRecord"][];
        };
        ChildRecordCreate: {
            firstName: string;
            lastName: string;
            /** @description id of a User; 0 when none */
            userId: number;
            /** Format: date-time */
            birthDate: string | null;
            grade: string;
        };
        ClassSessionFields: {
            /** @description id of a Course; 0 when none */
            courseId: number;
            /** Format: date-time */
            date: string | null;
            /** @enum {string} */
            startTime: "07:00" | "07:15" | "07:30" | "07:45" | "08:00" | "08:15" | "08:30" | "08:45" | "09:00" | "09:15" | "09:30" | "09:45" | "10:00" | "10:15" | "10:30" | "10:45" | "11:00" | "11:15" | "11:30" | "11:45" | "12:00" | "12:15" | "12:30" | "12:45" | "13:00" | "13:15" | "13:30" | "13:45" | "14:00" | "14:15" | "14:30" | "14:45" | "15:00" | "15:15" | "15:30" | "15:45" | "16:00" | "16:15" | "16:30" | "16:45" | "17:00" | "17:15" | "17:30" | "17:45" | "18:00" | "18:15" | "18:30" | "18:45" | "19:00" | "19:15" | "19:30" | "19:45" | "20:00" | "20:15" | "20:30" | "20:45" | "21:00" | "21:15" | "21:30" | "21:45" | "22:00";
            /** @enum {string} */
            endTime: "07:00" | "07:15" | "07:30" | "07:45" | "08:00" | "08:15" | "08:30" | "08:45" | "09:00" | "09:15" | "09:30" | "09:45" | "10:00" | "10:15" | "10:30" | "10:45" | "11:00" | "11:15" | "11:30" | "11:45" | "12:00" | "12:15" | "12:30" | "12:45" | "13:00" | "13:15" | "13:30" | "13:45" | "14:00" | "14:15" | "14:30" | "14:45" | "15:00" | "15:15" | "15:30" | "15:45" | "16:00" | "16:15" | "16:30" | "16:45" | "17:00" | "17:15" | "17:30" | "17:45" | "18:00" | "18:15" | "18:30" | "18:45" | "19:00" | "19:15" | "19:30" | "19:45" | "20:00" | "20:15" | "20:30" | "20:45" | "21:00" | "21:15" | "21:30" | "21:45" | "22:00";
            /** @enum {string} */
            status: "scheduled" | "cancelled";
            room: string;
            note?: string;
        };
        ClassSession: components["schemas"]["ClassSessionFields"] & {
            id: number;
            /** @description bumped by every update */
            version: number;
            /** Format: date-time */
            movedFrom: string | null;
            /** @enum {string} */
            origin: "manual" | "pattern";
        };
        ClassSessionUpdate: components["schemas"]["ClassSessionFields"] & {
            id: number;
            /** @description the version the edit started from; a stale one answers 409 */
            version?: number;
        };
        ClassSessionListPage: components["schemas"]["ListPage"] & {
            items?: components["schemas"]["ClassSession"][];
        };
        ClassSessionActionResult: {
            record: components["schemas"]["ClassSession"];
            /** @description shown to the admin once, e.g. a one-time link */
            notice?: string;
            /** @description the id of a record of the same entity the action made, which the admin is taken to */
            opens?: number;
        };
        ClassSessionMoveBody: components["schemas"]["RecordAction"] & {
            /** Format: date-time */
            date: string | null;
            /** @enum {string} */
            startTime: "07:00" | "07:15" | "07:30" | "07:45" | "08:00" | "08:15" | "08:30" | "08:45" | "09:00" | "09:15" | "09:30" | "09:45" | "10:00" | "10:15" | "10:30" | "10:45" | "11:00" | "11:15" | "11:30" | "11:45" | "12:00" | "12:15" | "12:30" | "12:45" | "13:00" | "13:15" | "13:30" | "13:45" | "14:00" | "14:15" | "14:30" | "14:45" | "15:00" | "15:15" | "15:30" | "15:45" | "16:00" | "16:15" | "16:30" | "16:45" | "17:00" | "17:15" | "17:30" | "17:45" | "18:00" | "18:15" | "18:30" | "18:45" | "19:00" | "19:15" | "19:30" | "19:45" | "20:00" | "20:15" | "20:30" | "20:45" | "21:00" | "21:15" | "21:30" | "21:45" | "22:00";
            /** @enum {string} */
            endTime: "07:00" | "07:15" | "07:30" | "07:45" | "08:00" | "08:15" | "08:30" | "08:45" | "09:00" | "09:15" | "09:30" | "09:45" | "10:00" | "10:15" | "10:30" | "10:45" | "11:00" | "11:15" | "11:30" | "11:45" | "12:00" | "12:15" | "12:30" | "12:45" | "13:00" | "13:15" | "13:30" | "13:45" | "14:00" | "14:15" | "14:30" | "14:45" | "15:00" | "15:15" | "15:30" | "15:45" | "16:00" | "16:15" | "16:30" | "16:45" | "17:00" | "17:15" | "17:30" | "17:45" | "18:00" | "18:15" | "18:30" | "18:45" | "19:00" | "19:15" | "19:30" | "19:45" | "20:00" | "20:15" | "20:30" | "20:45" | "21:00" | "21:15" | "21:30" | "21:45" | "22:00";
            note: string;
        };
        ClassSessionCancelBody: components["schemas"]["RecordAction"] & {
            note: string;
        };
        CouponFields: {
            code: string;
            /** @enum {string} */
            kind: "percent" | "amount";
            percent: number;
            amountInTomans: number;
            /** @description id of a Category; 0 when none */
            categoryId: number;
            /** @description id of a Course; 0 when none */
            courseId: number;
            /** Format: date-time */
            validFrom: string | null;
            /** Format: date-time */
            validUntil: string | null;
            maxUses: number;
            maxUsesPerLearner: number;
            inActive: boolean;
        };
        Coupon: components["schemas"]["CouponFields"] & {
            id: number;
            /** @description bumped by every update */
            version: number;
        };
        CouponUpdate: components["schemas"]["CouponFields"] & {
            id: number;
            /** @description the version the edit started from; a stale one answers 409 */
            version?: number;
        };
        CouponListPage: components["schemas"]["ListPage"] & {
            items?: components["schemas"]["Coupon"][];
        };
        BulkEditResult: {
            updated: number;
            /** @description rows that already held the value */
            unchanged: number;
            skipped: {
                id: number;
                label: string;
                reason: string;
            }[];
        };
        /** @description The rows (ids, or a list query and the count confirmed) and the field of coupons to set: one of inActive, categoryId */
        CouponBulkEditBody: ({
            /** @constant */
            field: "inActive";
            value: boolean;
        } | {
            /** @constant */
            field: "categoryId";
            /** @description id of a Category; 0 when none */
            value: number;
        }) & {
            ids?: number[];
            query?: string;
            expected?: number;
        };
        CourseSlotFields: {
            /** @description id of a Course; 0 when none */
            courseId: number;
            /** @enum {integer} */
            weekday: 0 | 1 | 2 | 3 | 4 | 5 | 6;
            /** @enum {string} */
            startTime: "07:00" | "07:15" | "07:30" | "07:45" | "08:00" | "08:15" | "08:30" | "08:45" | "09:00" | "09:15" | "09:30" | "09:45" | "10:00" | "10:15" | "10:30" | "10:45" | "11:00" | "11:15" | "11:30" | "11:45" | "12:00" | "12:15" | "12:30" | "12:45" | "13:00" | "13:15" | "13:30" | "13:45" | "14:00" | "14:15" | "14:30" | "14:45" | "15:00" | "15:15" | "15:30" | "15:45" | "16:00" | "16:15" | "16:30" | "16:45" | "17:00" | "17:15" | "17:30" | "17:45" | "18:00" | "18:15" | "18:30" | "18:45" | "19:00" | "19:15" | "19:30" | "19:45" | "20:00" | "20:15" | "20:30" | "20:45" | "21:00" | "21:15" | "21:30" | "21:45" | "22:00";
            /** @enum {string} */
            endTime: "07:00" | "07:15" | "07:30" | "07:45" | "08:00" | "08:15" | "08:30" | "08:45" | "09:00" | "09:15" | "09:30" | "09:45" | "10:00" | "10:15" | "10:30" | "10:45" | "11:00" | "11:15" | "11:30" | "11:45" | "12:00" | "12:15" | "12:30" | "12:45" | "13:00" | "13:15" | "13:30" | "13:45" | "14:00" | "14:15" | "14:30" | "14:45" | "15:00" | "15:15" | "15:30" | "15:45" | "16:00" | "16:15" | "16:30" | "16:45" | "17:00" | "17:15" | "17:30" | "17:45" | "18:00" | "18:15" | "18:30" | "18:45" | "19:00" | "19:15" | "19:30" | "19:45" | "20:00" | "20:15" | "20:30" | "20:45" | "21:00" | "21:15" | "21:30" | "21:45" | "22:00";
        };
        CourseSlot: components["schemas"]["CourseSlotFields"] & {
            id: number;
            /** @description bumped by every update */
            version: number;
        };
        CourseSlotUpdate: components["schemas"]["CourseSlotFields"] & {
            id: number;
            /** @description the version the edit started from; a stale one answers 409 */
            version?: number;
        };
        CourseSlotListPage: components["schemas"]["ListPage"] & {
            items?: components["schemas"]["CourseSlot"][];
        };
        CourseFields: {
            title: string;
            durationInHours: number;
            /** Format: date-time */
            timeOfHolding: string | null;
            /** Format: date-time */
            lastSessionDate: string | null;
            /** Format: date-time */
            registrationDeadline: string | null;
            priceInTomans?: number;
            earlyBirdPriceInTomans?: number;
            /** Format: date-time */
            earlyBirdUntil: string | null;
            /** @enum {string} */
            type: "online" | "offline";
            inActive: boolean;
            /** @enum {string} */
            difficulty: "" | "introductory" | "advanced" | "bootcamps";
            /** @description id of a Teacher; 0 when none */
            techerId: number;
            /** @description ids of Teacher records, each once */
            assistantTeacherIds?: number[];
            /** @description id of a Category; 0 when none */
            categoryId: number;
            prerequisite: string;
            ageMin: number;
            ageMax: number;
            capacity?: number;
            address: string;
            room: string;
            classLink?: string;
            /** @description a URL or path is accepted and stored as the bare file name */
            coverImage: string;
            /** @description a URL or path is accepted and stored as the bare file name */
            coverVideo: string;
            description: string;
            headings: string;
        };
        Course: components["schemas"]["CourseFields"] & {
            id: number;
            /** @description bumped by every update */
            version: number;
            slug: string;
        };
        CourseUpdate: components["schemas"]["CourseFields"] & {
            id: number;
            /** @description the version the edit started from; a stale one answers 409 */
            version?: number;
        };
        /** @description what the public site sees of one courses record (schema/courses.ts publicView) */
        PublicCourseView: {
            id: number;
            slug: string;
            title: string;
            durationInHours: number;
            /** Format: date-time */
            timeOfHolding: string | null;
            /** Format: date-time */
            registrationDeadline: string | null;
            priceInTomans: number;
            description: string;
            coverImage: string;
            coverVideo: string;
            /** @description هر سرفصل در یک خط */
            headings: string;
            prerequisite: string;
            /** @enum {string} */
            difficulty: "" | "introductory" | "advanced" | "bootcamps";
            /** @enum {string} */
            type: "online" | "offline";
            /** Format: date-time */
            lastSessionDate: string | null;
            /** @description خالی یا صفر: بدون حداقل */
            ageMin: number;
            /** @description خالی یا صفر: بدون حداکثر */
            ageMax: number;
            /** @description خالی یا صفر: بدون محدودیت */
            capacity: number;
            /** @description برای دوره‌های حضوری */
            address: string;
            room: string;
        };
        CourseListPage: components["schemas"]["ListPage"] & {
            items?: components["schemas"]["Course"][];
        };
        /** @description The rows (ids, or a list query and the count confirmed) and the field of courses to set: one of categoryId, inActive */
        CourseBulkEditBody: ({
            /** @constant */
            field: "categoryId";
            /** @description id of a Category; 0 when none */
            value: number;
        } | {
            /** @constant */
            field: "inActive";
            value: boolean;
        }) & {
            ids?: number[];
            query?: string;
            expected?: number;
        };
        CourseActionResult: {
            record: components["schemas"]["Course"];
            /** @description shown to the admin once, e.g. a one-time link */
            notice?: string;
            /** @description the id of a record of the same entity the action made, which the admin is taken to */
            opens?: number;
        };
        CourseCopyForNextTermBody: components["schemas"]["RecordAction"] & {
            /** Format: date-time */
            startsOn: string | null;
        };
        EnrollmentRecord: {
            id: number;
            /** @description bumped by every update */
            version: number;
            /** @description id of a ChildRecord; 0 when none */
            childId: number;
            /** @description id of a Course; 0 when none */
            courseId: number;
            /** @description id of a OrderRecord; 0 when none */
            orderId: number;
            /** Format: date-time */
            enrolledAt: string | null;
            /** @enum {string} */
            status: "active" | "cancelled";
            /** Format: date-time */
            cancelledAt: string | null;
            refundedInTomans?: number;
        };
        EnrollmentRecordListPage: components["schemas"]["ListPage"] & {
            items?: components["schemas"]["EnrollmentRecord"][];
        };
        EnrollmentRecordCreate: {
            /** @description id of a ChildRecord; 0 when none */
            childId: number;
            /** @description id of a Course; 0 when none */
            courseId: number;
            /** @enum {string} */
            payment: "cash" | "cardToCard" | "free";
            amountInTomans: number;
            reference: string;
        };
        EnrollmentRecordActionResult: {
            record: components["schemas"]["EnrollmentRecord"];
            /** @description shown to the admin once, e.g. a one-time link */
            notice?: string;
            /** @description the id of a record of the same entity the action made, which the admin is taken to */
            opens?: number;
        };
        EnrollmentRecordCancelBody: components["schemas"]["RecordAction"] & {
            /** @enum {string} */
            refund: "refund" | "keep";
        };
        EnrollmentRecordMoveBody: components["schemas"]["RecordAction"] & {
            /** @description id of a Course; 0 when none */
            courseId: number;
        };
        HolidayFields: {
            /** Format: date-time */
            date: string | null;
            /** Format: date-time */
            endDate: string | null;
            title: string;
        };
        Holiday: components["schemas"]["HolidayFields"] & {
            id: number;
            /** @description bumped by every update */
            version: number;
        };
        HolidayUpdate: components["schemas"]["HolidayFields"] & {
            id: number;
            /** @description the version the edit started from; a stale one answers 409 */
            version?: number;
        };
        /** @description what the public site sees of one holidays record (schema/holidays.ts publicView) */
        PublicHoliday: {
            id: number;
            /** Format: date-time */
            date: string | null;
            /** Format: date-time */
            endDate: string | null;
            title: string;
        };
        HolidayListPage: components["schemas"]["ListPage"] & {
            items?: components["schemas"]["Holiday"][];
        };
        SavePreview: {
            lines: string[];
        };
        ContactMessageFields: {
            /** @enum {string} */
            status: "new" | "read" | "answered" | "archived";
            note: string;
        };
        ContactMessage: components["schemas"]["ContactMessageFields"] & {
            id: number;
            /** @description bumped by every update */
            version: number;
            fullName: string;
            /** @description Persian or Arabic digits are accepted and stored as Latin ones */
            phoneNumber?: string;
            /** @description stored in lower case */
            emailAddress?: string;
            message: string;
            /** Format: date-time */
            createdAt: string;
        };
        ContactMessageUpdate: components["schemas"]["ContactMessageFields"] & {
            id: number;
            /** @description the version the edit started from; a stale one answers 409 */
            version?: number;
        };
        ContactMessageListPage: components["schemas"]["ListPage"] & {
            items?: components["schemas"]["ContactMessage"][];
        };
        /** @description The rows (ids, or a list query and the count confirmed) and the field of messages to set: one of status */
        ContactMessageBulkEditBody: {
            /** @constant */
            field: "status";
            /** @enum {string} */
            value: "new" | "read" | "answered" | "archived";
        } & {
            ids?: number[];
            query?: string;
            expected?: number;
        };
        ContactMessageActionResult: {
            record: components["schemas"]["ContactMessage"];
            /** @description shown to the admin once, e.g. a one-time link */
            notice?: string;
            /** @description the id of a record of the same entity the action made, which the admin is taken to */
            opens?: number;
        };
        ContactMessageReplyBody: components["schemas"]["RecordAction"] & {
            /** @enum {string} */
            channel: "sms" | "email";
            text: string;
        };
        NotificationRecord: {
            id: number;
            /** @description bumped by every update */
            version: number;
            /** @enum {string} */
            event: "enrolled" | "paymentFailed" | "paymentReturned" | "seatOffered" | "classTomorrow" | "sessionMoved" | "sessionCancelled" | "contactReply" | "enrolmentCancelled" | "refunded";
            /** @enum {string} */
            status: "queued" | "sending" | "sent" | "failed";
            /** @enum {string} */
            channel: "sms" | "email";
            /** @description id of a User; 0 when none */
            userId: number;
            /** @description id of a ContactMessage; 0 when none */
            contactMessageId: number;
            /** @description id of a User; 0 when none */
            sentBy: number;
            address: string;
            body: string;
            attempts: number;
            lastError: string;
            providerId: string;
            /** Format: date-time */
            createdAt: string | null;
            /** Format: date-time */
            nextAttemptAt: string | null;
            /** Format: date-time */
            sentAt: string | null;
        };
        NotificationRecordListPage: components["schemas"]["ListPage"] & {
            items?: components["schemas"]["NotificationRecord"][];
        };
        NotificationRecordActionResult: {
            record: components["schemas"]["NotificationRecord"];
            /** @description shown to the admin once, e.g. a one-time link */
            notice?: string;
            /** @description the id of a record of the same entity the action made, which the admin is taken to */
            opens?: number;
        };
        OrderItemRecord: {
            id: number;
            /** @description bumped by every update */
            version: number;
            /** @description id of a OrderRecord; 0 when none */
            orderId: number;
            courseTitle: string;
            childName: string;
            /** @description id of a Course; 0 when none */
            courseId: number;
            /** @description id of a ChildRecord; 0 when none */
            childId: number;
            listPriceInTomans?: number;
            earlyBirdDiscountInTomans?: number;
            siblingDiscountInTomans?: number;
            couponDiscountInTomans?: number;
            priceInTomans?: number;
        };
        OrderItemRecordListPage: components["schemas"]["ListPage"] & {
            items?: components["schemas"]["OrderItemRecord"][];
        };
        OrderRecord: {
            id: number;
            /** @description bumped by every update */
            version: number;
            /** @description id of a User; 0 when none */
            userId: number;
            /** @enum {string} */
            status: "pending" | "paid" | "failed" | "cancelled" | "expired" | "refundDue" | "refunded";
            totalInTomans?: number;
            discountInTomans?: number;
            /** @description id of a Coupon; 0 when none */
            couponId: number;
            couponCode: string;
            invoiceNumber: number | null;
            refundDueInTomans?: number;
            refundedInTomans?: number;
            /** @enum {string} */
            paymentMethod: "online" | "cash" | "cardToCard" | "free";
            refId?: string;
            cardPan?: string;
            /** Format: date-time */
            createdAt: string | null;
            /** Format: date-time */
            paidAt: string | null;
            /** Format: date-time */
            refundedAt: string | null;
            /** Format: date-time */
            refundUnconfirmedAt: string | null;
            /** Format: date-time */
            refundRefusedAt: string | null;
        };
        OrderRecordListPage: components["schemas"]["ListPage"] & {
            items?: components["schemas"]["OrderRecord"][];
        };
        OrderRecordActionResult: {
            record: components["schemas"]["OrderRecord"];
            /** @description shown to the admin once, e.g. a one-time link */
            notice?: string;
            /** @description the id of a record of the same entity the action made, which the admin is taken to */
            opens?: number;
        };
        OrderRecordRecordManualRefundBody: components["schemas"]["RecordAction"] & {
            amountInTomans: number;
            /** Format: date-time */
            paidBackOn: string | null;
            reference: string;
        };
        PaymentAttemptRecord: {
            id: number;
            /** @description bumped by every update */
            version: number;
            /** @description id of a OrderRecord; 0 when none */
            orderId: number;
            /** @enum {string} */
            kind: "request" | "verify" | "refund" | "manualRefund" | "manualPayment" | "reverse";
            /** @enum {string} */
            outcome: "ok" | "unpaid" | "refused" | "unreachable" | "unreadable";
            amountInTomans?: number;
            authority?: string;
            refId?: string;
            cardPan?: string;
            /** Format: date-time */
            at: string | null;
        };
        PaymentAttemptRecordListPage: components["schemas"]["ListPage"] & {
            items?: components["schemas"]["PaymentAttemptRecord"][];
        };
        SignInSession: {
            id: number;
            /** @description bumped by every update */
            version: number;
            /** @description id of a User; 0 when none */
            userId: number;
            /** Format: date-time */
            createdAt: string | null;
            /** Format: date-time */
            lastSeenAt: string | null;
            /** Format: date-time */
            endedAt: string | null;
            endedBy: string;
            userAgent: string;
            address: string;
        };
        SignInSessionListPage: components["schemas"]["ListPage"] & {
            items?: components["schemas"]["SignInSession"][];
        };
        SiblingDiscountFields: {
            fromChild: number;
            percent: number;
            inActive: boolean;
        };
        SiblingDiscount: components["schemas"]["SiblingDiscountFields"] & {
            id: number;
            /** @description bumped by every update */
            version: number;
        };
        SiblingDiscountUpdate: components["schemas"]["SiblingDiscountFields"] & {
            id: number;
            /** @description the version the edit started from; a stale one answers 409 */
            version?: number;
        };
        SiblingDiscountListPage: components["schemas"]["ListPage"] & {
            items?: components["schemas"]["SiblingDiscount"][];
        };
        StaffRoleFields: {
            name: string;
            description: string;
            /** @description a staff role's permissions as JSON: {entities: {<entity>: {verbs, actions, hidden, readOnly, own}}} */
            grants: string;
        };
        StaffRole: components["schemas"]["StaffRoleFields"] & {
            id: number;
            /** @description bumped by every update */
            version: number;
        };
        StaffRoleUpdate: components["schemas"]["StaffRoleFields"] & {
            id: number;
            /** @description the version the edit started from; a stale one answers 409 */
            version?: number;
        };
        StaffRoleListPage: components["schemas"]["ListPage"] & {
            items?: components["schemas"]["StaffRole"][];
        };
        TeacherFields: {
            fullName: string;
            skill: string;
            descirption: string;
            /** @description a URL or path is accepted and stored as the bare file name */
            coverImage: string;
        };
        Teacher: components["schemas"]["TeacherFields"] & {
            id: number;
            /** @description bumped by every update */
            version: number;
            slug: string;
        };
        TeacherUpdate: components["schemas"]["TeacherFields"] & {
            id: number;
            /** @description the version the edit started from; a stale one answers 409 */
            version?: number;
        };
        /** @description what the public site sees of one teachers record (schema/teachers.ts publicView) */
        PublicTeacher: {
            id: number;
            slug: string;
            fullName: string;
            skill: string;
            descirption: string;
            coverImage: string;
        };
        TeacherListPage: components["schemas"]["ListPage"] & {
            items?: components["schemas"]["Teacher"][];
        };
        UserFields: {
            /** @description Iranian mobile; Persian or Arabic digits and +98 are accepted and stored as 09xxxxxxxxx */
            phoneNumber?: string;
            /** @description stored in lower case */
            emailAddress?: string;
            /** @enum {integer} */
            role: 1 | 200 | 300;
            /** @description id of a StaffRole; 0 when none */
            staffRoleId?: number;
            /** @description id of a Teacher; 0 when none */
            teacherId?: number;
        };
        User: components["schemas"]["UserFields"] & {
            id: number;
            /** @description bumped by every update */
            version: number;
            firstName: string;
            lastName: string;
            isLockout: boolean;
            /** Format: date-time */
            lastLogin: string | null;
        };
        UserUpdate: components["schemas"]["UserFields"] & {
            userId: number;
            /** @description the version the edit started from; a stale one answers 409 */
            version?: number;
        };
        UserPage: {
            queryResult: components["schemas"]["User"][];
        };
        UserListPage: components["schemas"]["ListPage"] & {
            items?: components["schemas"]["User"][];
        };
        UserCreate: components["schemas"]["UserFields"] & {
            firstName: string;
            lastName: string;
            /**
             * Format: password
             * @description empty, or at least 8 characters
             */
            password: string;
        };
        UserActionResult: {
            record: components["schemas"]["User"];
            /** @description shown to the admin once, e.g. a one-time link */
            notice?: string;
            /** @description the id of a record of the same entity the action made, which the admin is taken to */
            opens?: number;
        };
        WaitlistEntryRecord: {
            id: number;
            /** @description bumped by every update */
            version: number;
            /** @description id of a Course; 0 when none */
            courseId: number;
            position: number;
            /** @description id of a ChildRecord; 0 when none */
            childId: number;
            /** @enum {string} */
            status: "waiting" | "offered" | "enrolled" | "expired" | "left";
            /** Format: date-time */
            joinedAt: string | null;
            /** Format: date-time */
            offeredAt: string | null;
            /** Format: date-time */
            holdUntil: string | null;
        };
        WaitlistEntryRecordListPage: components["schemas"]["ListPage"] & {
            items?: components["schemas"]["WaitlistEntryRecord"][];
        };
        WaitlistEntryRecordActionResult: {
            record: components["schemas"]["WaitlistEntryRecord"];
            /** @description shown to the admin once, e.g. a one-time link */
            notice?: string;
            /** @description the id of a record of the same entity the action made, which the admin is taken to */
            opens?: number;
        };
    };
    responses: {
        /** @description Invalid input */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description No valid token */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description The token's role may not call this */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ForbiddenBody"];
            };
        };
        /** @description No such record */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Conflicts with stored data (in use elsewhere, already taken) */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description The requested byte range is outside the file */
        RangeNotSatisfiable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Too many attempts */
        TooManyRequests: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
    };
    parameters: {
        /** @description words of the title, category, teacher or prerequisite, folded as the admin search folds (ي/ك, ZWNJ, digits) */
        CourseQ: string;
        /** @description the child's age in years: courses whose range contains it */
        CourseAge: string;
        CourseType: "online" | "offline";
        /** @description a weekday the course meets, 0 = Saturday … 6 = Friday */
        CourseDay: string;
        /** @description tomans */
        CoursePriceMin: string;
        /** @description tomans */
        CoursePriceMax: string;
        /** @description Jalali YYYY-MM-DD: courses starting on that day or later */
        CourseFrom: string;
        CourseDifficulty: "introductory" | "advanced" | "bootcamps";
        CourseSort: "start" | "price-asc" | "price-desc";
        /** @description which page of the list, from 1 (default 1); a page past the last is empty */
        CoursePage: string;
        Slug: string;
        FileName: string;
        /** @description A registry entity's key (courses, users, …) */
        EntityKey: string;
        RecordId: number;
        /** @description List protocol. 1-based page number (default 1). Any list parameter makes the answer a ListPage. */
        ListPageNumber: number;
        /** @description List protocol. Rows per page, 1 to 500 (default 50). */
        ListPageSize: number;
        /** @description List protocol. A row property to sort by, `-` first for descending (default `-id`); nulls last. */
        ListSort: string;
        /** @description List protocol. Persian-aware search over the entity's searched fields: Arabic ي/ك match ی/ک, spaces and ZWNJ are ignored, Persian, Arabic and Latin digits match each other, Latin letters match in any case. */
        ListSearch: string;
        /** @description List protocol. Only these ids, comma-separated (at most 500). */
        ListIds: string;
        /** @description List protocol. Equality filters as `f.<property>=<value>` (one parameter per property, repeated for "any of"): booleans as true/false, references as the id. */
        ListFilters: {
            [key: string]: string | string[];
        };
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    signUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignUpBody"];
            };
        };
        responses: {
            /** @description Signed up and signed in */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessToken"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description The mobile number or email is taken (told only after the phone's code is proven) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            429: components["responses"]["TooManyRequests"];
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignInBody"];
            };
        };
        responses: {
            /** @description Signed in */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessToken"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionsEnded"];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    signOutEverywhere: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out everywhere */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionsEnded"];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangePasswordBody"];
            };
        };
        responses: {
            /** @description Password changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessToken"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getSecondFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The second factor's state */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecondFactorStatus"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    startTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The secret to confirm with a first code */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TotpEnrolment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    confirmTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SecondFactorCode"];
            };
        };
        responses: {
            /** @description Enrolled */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoveryCodes"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    verifySecondFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SecondFactorCode"];
            };
        };
        responses: {
            /** @description Passed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecondFactorStatus"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    passkeyRegistrationOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Creation options */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasskeyOptions"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    registerPasskey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasskeyResponse"];
            };
        };
        responses: {
            /** @description Registered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoveryCodes"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    passkeySignInOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request options */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasskeyOptions"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    signInWithPasskey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasskeyResponse"];
            };
        };
        responses: {
            /** @description Passed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecondFactorStatus"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordResetBody"];
            };
        };
        responses: {
            /** @description Password set; how many sessions ended */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionsEnded"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description The link is an administrator's and no code came with it; the link is kept (ask SendResetLinkCode, then send the code) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            429: components["responses"]["TooManyRequests"];
        };
    };
    sendResetLinkCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResetLinkCodeBody"];
            };
        };
        responses: {
            /** @description Code sent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodeSent"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description Too soon after the last code (retryAfterSeconds), or too many codes or refused links */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodeTooSoon"];
                };
            };
            /** @description The SMS provider could not deliver the code */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    sendCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SendCodeBody"];
            };
        };
        responses: {
            /** @description Code sent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodeSent"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description Too soon after the last code (retryAfterSeconds), or too many codes for the number, from the address (an IPv6 client by its /64 and its /56), or from the whole site this hour (SMS_PER_HOUR) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodeTooSoon"];
                };
            };
            /** @description The SMS provider could not deliver the code (the message says whether to retry or check the number) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    signInWithCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CodeSignInBody"];
            };
        };
        responses: {
            /** @description Signed in */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessToken"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description The code was right, but the number has no account or the account is locked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The code was right, but the account opens the admin panel and signs in with its password only; the code is spent and no session opens */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            429: components["responses"]["TooManyRequests"];
        };
    };
    resetPasswordWithCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CodeResetBody"];
            };
        };
        responses: {
            /** @description Password set; how many sessions ended */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionsEnded"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description The account opens the admin panel; the code alone does not recover it (the message says what to do) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            429: components["responses"]["TooManyRequests"];
        };
    };
    sendResetLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResetLinkBody"];
            };
        };
        responses: {
            /** @description Sent if an account has the address */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getDashboardData: {
        parameters: {
            query?: {
                /** @description Jalali day (yyyy-mm-dd, any digits) the money figures start on; default the first day of the Jalali month eleven months ago */
                from?: string;
                /** @description Jalali day the money figures end on, inclusive; default today (Tehran) */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The five counters */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DashboardData"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listImages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Stored image file names */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FileNames"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    mediaLibrary: {
        parameters: {
            query: {
                mediaType: components["schemas"]["MediaType"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The library of one kind, newest first, each file with its original name, size, upload time, uploader and where it is used */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MediaLibrary"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    uploadImage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["UploadBody"];
            };
        };
        responses: {
            /** @description Stored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Uploaded"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    serveImage: {
        parameters: {
            query?: {
                /** @description A resized copy at least this wide: AVIF or WebP by the request's Accept (the answer varies by Accept), the image's own width when it is narrower; the original when the browser takes neither format or the copies are still being made. */
                w?: 160 | 320 | 480 | 640 | 800 | 1024 | 1280;
            };
            header?: never;
            path: {
                fileName: components["parameters"]["FileName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image, with its real content type */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/*": string;
                };
            };
            /** @description Partial content (range request) */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/*": string;
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            416: components["responses"]["RangeNotSatisfiable"];
        };
    };
    listVideos: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Stored video file names */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FileNames"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    uploadVideo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["UploadBody"];
            };
        };
        responses: {
            /** @description Stored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Uploaded"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    serveVideo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                fileName: components["parameters"]["FileName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The video, with its real content type; range requests answer 206 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "video/*": string;
                };
            };
            /** @description Partial content */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "video/*": string;
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            416: components["responses"]["RangeNotSatisfiable"];
        };
    };
    deleteFile: {
        parameters: {
            query: {
                fileName: string;
                mediaType: components["schemas"]["MediaType"];
                /** @description 1: delete even though the file is used (the admin saw the places); without it a used file answers 409 */
                confirmed?: "1" | "true";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Uploaded"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The file is used; the places it is used in */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FileInUse"];
                };
            };
        };
    };
    publicCategories: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Active categories */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicCategory"][];
                };
            };
        };
    };
    publicCategory: {
        parameters: {
            query?: {
                /** @description words of the title, category, teacher or prerequisite, folded as the admin search folds (ي/ك, ZWNJ, digits) */
                q?: components["parameters"]["CourseQ"];
                /** @description the child's age in years: courses whose range contains it */
                age?: components["parameters"]["CourseAge"];
                type?: components["parameters"]["CourseType"];
                /** @description a weekday the course meets, 0 = Saturday … 6 = Friday */
                day?: components["parameters"]["CourseDay"];
                /** @description tomans */
                priceMin?: components["parameters"]["CoursePriceMin"];
                /** @description tomans */
                priceMax?: components["parameters"]["CoursePriceMax"];
                /** @description Jalali YYYY-MM-DD: courses starting on that day or later */
                from?: components["parameters"]["CourseFrom"];
                difficulty?: components["parameters"]["CourseDifficulty"];
                sort?: components["parameters"]["CourseSort"];
                /** @description which page of the list, from 1 (default 1); a page past the last is empty */
                page?: components["parameters"]["CoursePage"];
            };
            header?: never;
            path: {
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An active category and one page of its active courses that pass the filters */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicCategoryPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    publicCourses: {
        parameters: {
            query?: {
                /** @description words of the title, category, teacher or prerequisite, folded as the admin search folds (ي/ك, ZWNJ, digits) */
                q?: components["parameters"]["CourseQ"];
                /** @description the child's age in years: courses whose range contains it */
                age?: components["parameters"]["CourseAge"];
                /** @description a category's slug */
                category?: string;
                type?: components["parameters"]["CourseType"];
                /** @description a weekday the course meets, 0 = Saturday … 6 = Friday */
                day?: components["parameters"]["CourseDay"];
                /** @description tomans */
                priceMin?: components["parameters"]["CoursePriceMin"];
                /** @description tomans */
                priceMax?: components["parameters"]["CoursePriceMax"];
                /** @description Jalali YYYY-MM-DD: courses starting on that day or later */
                from?: components["parameters"]["CourseFrom"];
                difficulty?: components["parameters"]["CourseDifficulty"];
                sort?: components["parameters"]["CourseSort"];
                /** @description which page of the list, from 1 (default 1); a page past the last is empty */
                page?: components["parameters"]["CoursePage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the active courses of active categories that pass the filters, soonest first unless sorted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicCoursePage"];
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    publicRelatedCourses: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Up to four other active courses, same category first, then the nearest age range */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicCourse"][];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    publicTeachers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Teachers with at least one active course */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicTeacherSummary"][];
                };
            };
        };
    };
    publicTeacher: {
        parameters: {
            query?: {
                /** @description which page of the list, from 1 (default 1); a page past the last is empty */
                page?: components["parameters"]["CoursePage"];
            };
            header?: never;
            path: {
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A teacher and one page of their active courses, soonest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicTeacherPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    publicSection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                section: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The section's records, in its order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicSectionRecord"][];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    publicSectionRecord: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                section: string;
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One record of the section */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicSectionRecord"];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    publicCourse: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One active course */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicCourse"];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    publicArticles: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Articles, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicArticleSummary"][];
                };
            };
        };
    };
    publicArticle: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One article */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicArticle"];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    getProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed-in user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Profile"];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    listChildren: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed-in learner's children */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Child"][];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    createChild: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChildFields"];
            };
        };
        responses: {
            /** @description The created child */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Child"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
        };
    };
    updateChild: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChildUpdate"];
            };
        };
        responses: {
            /** @description The updated child */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Child"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    deleteChild: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IdBody"];
            };
        };
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getCart: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed-in learner's cart */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    addToCart: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CartAddBody"];
            };
        };
        responses: {
            /** @description The cart after adding */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    removeFromCart: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IdBody"];
            };
        };
        responses: {
            /** @description The cart after removing */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    applyCoupon: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CouponBody"];
            };
        };
        responses: {
            /** @description The cart with the coupon applied */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description The cart is empty */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many refused codes from the learner or the address (retryAfterSeconds until another is taken) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RetryLater"];
                };
            };
        };
    };
    removeCoupon: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cart without a coupon */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    getInvoice: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    checkout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An order for the whole cart and the gateway page to pay it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Checkout"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The payment gateway did not answer */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listOrders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed-in learner's orders, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"][];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    verifyPayment: {
        parameters: {
            query: {
                Authority: string;
                Status: "OK" | "NOK";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order after verifying the payment with the gateway (idempotent) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description The payment gateway did not answer */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listWaitlist: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The learner's children waiting for seats, and the seats offered to them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WaitlistItem"][];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    joinWaitlist: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CartAddBody"];
            };
        };
        responses: {
            /** @description The child's place on the course's waiting list */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WaitlistItem"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description The course has seats left, or the child is already waiting or enrolled */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    leaveWaitlist: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IdBody"];
            };
        };
        responses: {
            /** @description The learner's waiting-list entries after leaving */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WaitlistItem"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    listEnrollments: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The courses the learner's children are enrolled in */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Enrollment"][];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    publicCourseSessions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The course's sessions from today (Tehran) on, by date; cancelled ones included. Never the class link. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicSession"][];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    learnerSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Per child of the learner, the weekly timetable, the next session, attendance and the class links of online courses they are enrolled in */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LearnerSchedule"];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    updateProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProfileUpdateBody"];
            };
        };
        responses: {
            /** @description The profile as saved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Profile"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            /** @description Too many wrong passwords */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    sendContactMessage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactBody"];
            };
        };
        responses: {
            /** @description Stored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Created"];
                };
            };
            400: components["responses"]["BadRequest"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listSavedViews: {
        parameters: {
            query: {
                entity: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed-in admin's saved views of one entity, by name */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedView"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    saveView: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SavedViewBody"];
            };
        };
        responses: {
            /** @description The saved view (a view of the same name is replaced) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedView"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    deleteSavedView: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    exportList: {
        parameters: {
            query?: {
                /** @description List protocol. A row property to sort by, `-` first for descending (default `-id`); nulls last. */
                sort?: components["parameters"]["ListSort"];
                /** @description List protocol. Persian-aware search over the entity's searched fields: Arabic ي/ك match ی/ک, spaces and ZWNJ are ignored, Persian, Arabic and Latin digits match each other, Latin letters match in any case. */
                q?: components["parameters"]["ListSearch"];
                /** @description List protocol. Only these ids, comma-separated (at most 500). */
                ids?: components["parameters"]["ListIds"];
                /** @description List protocol. Equality filters as `f.<property>=<value>` (one parameter per property, repeated for "any of"): booleans as true/false, references as the id. */
                filters?: components["parameters"]["ListFilters"];
            };
            header?: never;
            path: {
                /** @description A registry entity's key (courses, users, …) */
                entity: components["parameters"]["EntityKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CSV file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    adminLabels: {
        parameters: {
            query?: {
                /** @description Comma-separated ids, at most 500. */
                ids?: string;
                /** @description Instead of the labels, the value at the end of this path of fields (e.g. userId.phoneNumber: each step but the last a reference field; a reference at the end gives its label), for a schema's path columns. */
                path?: string;
                /** @description Instead of the labels, per id the values of the records of another entity that refer to it (other.field.shown, e.g. orderItems.orderId.courseTitle), joined with «، », for a schema's many columns. */
                many?: string;
            };
            header?: never;
            path: {
                /** @description A registry entity's key (courses, users, …) */
                entity: components["parameters"]["EntityKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The labels of the ids that exist */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminLabels"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    adminOptions: {
        parameters: {
            query?: {
                q?: string;
                limit?: number;
            };
            header?: never;
            path: {
                /** @description A registry entity's key (courses, users, …) */
                entity: components["parameters"]["EntityKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Matching records, best first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminOptions"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    adminRecord: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A registry entity's key (courses, users, …) */
                entity: components["parameters"]["EntityKey"];
                id: components["parameters"]["RecordId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record and its related records */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminRecord"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    adminBadges: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The counts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminBadges"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    panelAccess: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's access */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PanelAccess"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listAudit: {
        parameters: {
            query?: {
                entity?: string;
                action?: components["schemas"]["AuditAction"];
                userId?: number;
                recordId?: number;
                from?: string;
                to?: string;
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of entries and the total matching the filters */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    revertAudit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entry recording the revert */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEntry"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    adminBulkDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A registry entity's key (courses, users, …) */
                entity: components["parameters"]["EntityKey"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BulkDeleteBody"];
            };
        };
        responses: {
            /** @description What was deleted and what was kept, with the reason */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkDeleteResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    adminImportCsv: {
        parameters: {
            query?: {
                /** @description 1 checks the file and writes nothing */
                dryRun?: "0" | "1";
            };
            header?: never;
            path: {
                /** @description A registry entity's key (courses, users, …) */
                entity: components["parameters"]["EntityKey"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "text/csv": string;
            };
        };
        responses: {
            /** @description The per-row report */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The file is larger than 5 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listArticle: {
        parameters: {
            query?: {
                /** @description List protocol. 1-based page number (default 1). Any list parameter makes the answer a ListPage. */
                page?: components["parameters"]["ListPageNumber"];
                /** @description List protocol. Rows per page, 1 to 500 (default 50). */
                pageSize?: components["parameters"]["ListPageSize"];
                /** @description List protocol. A row property to sort by, `-` first for descending (default `-id`); nulls last. */
                sort?: components["parameters"]["ListSort"];
                /** @description List protocol. Persian-aware search over the entity's searched fields: Arabic ي/ك match ی/ک, spaces and ZWNJ are ignored, Persian, Arabic and Latin digits match each other, Latin letters match in any case. */
                q?: components["parameters"]["ListSearch"];
                /** @description List protocol. Only these ids, comma-separated (at most 500). */
                ids?: components["parameters"]["ListIds"];
                /** @description List protocol. Equality filters as `f.<property>=<value>` (one parameter per property, repeated for "any of"): booleans as true/false, references as the id. */
                filters?: components["parameters"]["ListFilters"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every Article, or one page of them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Article"][] | components["schemas"]["ArticleListPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createArticle: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ArticleFields"];
            };
        };
        responses: {
            /** @description The created Article */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Article"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
        };
    };
    updateArticle: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ArticleUpdate"];
            };
        };
        responses: {
            /** @description The updated Article */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Article"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or a value another record holds */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteArticle: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IdBody"];
            };
        };
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    listAttendanceRecord: {
        parameters: {
            query?: {
                /** @description List protocol. 1-based page number (default 1). Any list parameter makes the answer a ListPage. */
                page?: components["parameters"]["ListPageNumber"];
                /** @description List protocol. Rows per page, 1 to 500 (default 50). */
                pageSize?: components["parameters"]["ListPageSize"];
                /** @description List protocol. A row property to sort by, `-` first for descending (default `-id`); nulls last. */
                sort?: components["parameters"]["ListSort"];
                /** @description List protocol. Persian-aware search over the entity's searched fields: Arabic ي/ك match ی/ک, spaces and ZWNJ are ignored, Persian, Arabic and Latin digits match each other, Latin letters match in any case. */
                q?: components["parameters"]["ListSearch"];
                /** @description List protocol. Only these ids, comma-separated (at most 500). */
                ids?: components["parameters"]["ListIds"];
                /** @description List protocol. Equality filters as `f.<property>=<value>` (one parameter per property, repeated for "any of"): booleans as true/false, references as the id. */
                filters?: components["parameters"]["ListFilters"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every AttendanceRecord, or one page of them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AttendanceRecord"][] | components["schemas"]["AttendanceRecordListPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    updateAttendanceRecord: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AttendanceRecordUpdate"];
            };
        };
        responses: {
            /** @description The updated AttendanceRecord */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AttendanceRecord"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or a value another record holds */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listCategory: {
        parameters: {
            query?: {
                /** @description List protocol. 1-based page number (default 1). Any list parameter makes the answer a ListPage. */
                page?: components["parameters"]["ListPageNumber"];
                /** @description List protocol. Rows per page, 1 to 500 (default 50). */
                pageSize?: components["parameters"]["ListPageSize"];
                /** @description List protocol. A row property to sort by, `-` first for descending (default `-id`); nulls last. */
                sort?: components["parameters"]["ListSort"];
                /** @description List protocol. Persian-aware search over the entity's searched fields: Arabic ي/ك match ی/ک, spaces and ZWNJ are ignored, Persian, Arabic and Latin digits match each other, Latin letters match in any case. */
                q?: components["parameters"]["ListSearch"];
                /** @description List protocol. Only these ids, comma-separated (at most 500). */
                ids?: components["parameters"]["ListIds"];
                /** @description List protocol. Equality filters as `f.<property>=<value>` (one parameter per property, repeated for "any of"): booleans as true/false, references as the id. */
                filters?: components["parameters"]["ListFilters"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every Category, or one page of them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"][] | components["schemas"]["CategoryListPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createCategory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CategoryFields"];
            };
        };
        responses: {
            /** @description The created Category */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
        };
    };
    updateCategory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CategoryUpdate"];
            };
        };
        responses: {
            /** @description The updated Category */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or a value another record holds */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteCategory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IdBody"];
            };
        };
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    listChildRecord: {
        parameters: {
            query?: {
                /** @description List protocol. 1-based page number (default 1). Any list parameter makes the answer a ListPage. */
                page?: components["parameters"]["ListPageNumber"];
                /** @description List protocol. Rows per page, 1 to 500 (default 50). */
                pageSize?: components["parameters"]["ListPageSize"];
                /** @description List protocol. A row property to sort by, `-` first for descending (default `-id`); nulls last. */
                sort?: components["parameters"]["ListSort"];
                /** @description List protocol. Persian-aware search over the entity's searched fields: Arabic ي/ك match ی/ک, spaces and ZWNJ are ignored, Persian, Arabic and Latin digits match each other, Latin letters match in any case. */
                q?: components["parameters"]["ListSearch"];
                /** @description List protocol. Only these ids, comma-separated (at most 500). */
                ids?: components["parameters"]["ListIds"];
                /** @description List protocol. Equality filters as `f.<property>=<value>` (one parameter per property, repeated for "any of"): booleans as true/false, references as the id. */
                filters?: components["parameters"]["ListFilters"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every ChildRecord, or one page of them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChildRecord"][] | components["schemas"]["ChildRecordListPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createChildRecord: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChildRecordCreate"];
            };
        };
        responses: {
            /** @description The created ChildRecord */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChildRecord"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
        };
    };
    listClassSession: {
        parameters: {
            query?: {
                /** @description List protocol. 1-based page number (default 1). Any list parameter makes the answer a ListPage. */
                page?: components["parameters"]["ListPageNumber"];
                /** @description List protocol. Rows per page, 1 to 500 (default 50). */
                pageSize?: components["parameters"]["ListPageSize"];
                /** @description List protocol. A row property to sort by, `-` first for descending (default `-id`); nulls last. */
                sort?: components["parameters"]["ListSort"];
                /** @description List protocol. Persian-aware search over the entity's searched fields: Arabic ي/ك match ی/ک, spaces and ZWNJ are ignored, Persian, Arabic and Latin digits match each other, Latin letters match in any case. */
                q?: components["parameters"]["ListSearch"];
                /** @description List protocol. Only these ids, comma-separated (at most 500). */
                ids?: components["parameters"]["ListIds"];
                /** @description List protocol. Equality filters as `f.<property>=<value>` (one parameter per property, repeated for "any of"): booleans as true/false, references as the id. */
                filters?: components["parameters"]["ListFilters"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every ClassSession, or one page of them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClassSession"][] | components["schemas"]["ClassSessionListPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createClassSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClassSessionFields"];
            };
        };
        responses: {
            /** @description The created ClassSession */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClassSession"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
        };
    };
    updateClassSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClassSessionUpdate"];
            };
        };
        responses: {
            /** @description The updated ClassSession */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClassSession"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or a value another record holds */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteClassSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IdBody"];
            };
        };
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    moveClassSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClassSessionMoveBody"];
            };
        };
        responses: {
            /** @description The ClassSession after move */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClassSessionActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or the action does not apply */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description An outside service the action needs refused or did not answer; nothing changed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    cancelClassSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClassSessionCancelBody"];
            };
        };
        responses: {
            /** @description The ClassSession after cancel */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClassSessionActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or the action does not apply */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description An outside service the action needs refused or did not answer; nothing changed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    reinstateClassSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordAction"];
            };
        };
        responses: {
            /** @description The ClassSession after reinstate */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClassSessionActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or the action does not apply */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description An outside service the action needs refused or did not answer; nothing changed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    rollClassSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordAction"];
            };
        };
        responses: {
            /** @description The ClassSession after roll */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClassSessionActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or the action does not apply */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description An outside service the action needs refused or did not answer; nothing changed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    allPresentClassSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordAction"];
            };
        };
        responses: {
            /** @description The ClassSession after allPresent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClassSessionActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or the action does not apply */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description An outside service the action needs refused or did not answer; nothing changed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listCoupon: {
        parameters: {
            query?: {
                /** @description List protocol. 1-based page number (default 1). Any list parameter makes the answer a ListPage. */
                page?: components["parameters"]["ListPageNumber"];
                /** @description List protocol. Rows per page, 1 to 500 (default 50). */
                pageSize?: components["parameters"]["ListPageSize"];
                /** @description List protocol. A row property to sort by, `-` first for descending (default `-id`); nulls last. */
                sort?: components["parameters"]["ListSort"];
                /** @description List protocol. Persian-aware search over the entity's searched fields: Arabic ي/ك match ی/ک, spaces and ZWNJ are ignored, Persian, Arabic and Latin digits match each other, Latin letters match in any case. */
                q?: components["parameters"]["ListSearch"];
                /** @description List protocol. Only these ids, comma-separated (at most 500). */
                ids?: components["parameters"]["ListIds"];
                /** @description List protocol. Equality filters as `f.<property>=<value>` (one parameter per property, repeated for "any of"): booleans as true/false, references as the id. */
                filters?: components["parameters"]["ListFilters"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every Coupon, or one page of them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Coupon"][] | components["schemas"]["CouponListPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createCoupon: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CouponFields"];
            };
        };
        responses: {
            /** @description The created Coupon */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Coupon"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
        };
    };
    updateCoupon: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CouponUpdate"];
            };
        };
        responses: {
            /** @description The updated Coupon */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Coupon"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or a value another record holds */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteCoupon: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IdBody"];
            };
        };
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    bulkEditCoupon: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CouponBulkEditBody"];
            };
        };
        responses: {
            /** @description What was set, and the rows a rule kept as they were */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkEditResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
        };
    };
    listCourseSlot: {
        parameters: {
            query?: {
                /** @description List protocol. 1-based page number (default 1). Any list parameter makes the answer a ListPage. */
                page?: components["parameters"]["ListPageNumber"];
                /** @description List protocol. Rows per page, 1 to 500 (default 50). */
                pageSize?: components["parameters"]["ListPageSize"];
                /** @description List protocol. A row property to sort by, `-` first for descending (default `-id`); nulls last. */
                sort?: components["parameters"]["ListSort"];
                /** @description List protocol. Persian-aware search over the entity's searched fields: Arabic ي/ك match ی/ک, spaces and ZWNJ are ignored, Persian, Arabic and Latin digits match each other, Latin letters match in any case. */
                q?: components["parameters"]["ListSearch"];
                /** @description List protocol. Only these ids, comma-separated (at most 500). */
                ids?: components["parameters"]["ListIds"];
                /** @description List protocol. Equality filters as `f.<property>=<value>` (one parameter per property, repeated for "any of"): booleans as true/false, references as the id. */
                filters?: components["parameters"]["ListFilters"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every CourseSlot, or one page of them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CourseSlot"][] | components["schemas"]["CourseSlotListPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createCourseSlot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CourseSlotFields"];
            };
        };
        responses: {
            /** @description The created CourseSlot */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CourseSlot"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
        };
    };
    updateCourseSlot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CourseSlotUpdate"];
            };
        };
        responses: {
            /** @description The updated CourseSlot */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CourseSlot"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or a value another record holds */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteCourseSlot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IdBody"];
            };
        };
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    listCourse: {
        parameters: {
            query?: {
                /** @description List protocol. 1-based page number (default 1). Any list parameter makes the answer a ListPage. */
                page?: components["parameters"]["ListPageNumber"];
                /** @description List protocol. Rows per page, 1 to 500 (default 50). */
                pageSize?: components["parameters"]["ListPageSize"];
                /** @description List protocol. A row property to sort by, `-` first for descending (default `-id`); nulls last. */
                sort?: components["parameters"]["ListSort"];
                /** @description List protocol. Persian-aware search over the entity's searched fields: Arabic ي/ك match ی/ک, spaces and ZWNJ are ignored, Persian, Arabic and Latin digits match each other, Latin letters match in any case. */
                q?: components["parameters"]["ListSearch"];
                /** @description List protocol. Only these ids, comma-separated (at most 500). */
                ids?: components["parameters"]["ListIds"];
                /** @description List protocol. Equality filters as `f.<property>=<value>` (one parameter per property, repeated for "any of"): booleans as true/false, references as the id. */
                filters?: components["parameters"]["ListFilters"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every Course, or one page of them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Course"][] | components["schemas"]["CourseListPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createCourse: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CourseFields"];
            };
        };
        responses: {
            /** @description The created Course */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Course"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
        };
    };
    updateCourse: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CourseUpdate"];
            };
        };
        responses: {
            /** @description The updated Course */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Course"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or a value another record holds */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteCourse: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IdBody"];
            };
        };
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    bulkEditCourse: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CourseBulkEditBody"];
            };
        };
        responses: {
            /** @description What was set, and the rows a rule kept as they were */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkEditResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
        };
    };
    resyncSessionsCourse: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordAction"];
            };
        };
        responses: {
            /** @description The Course after resyncSessions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CourseActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or the action does not apply */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description An outside service the action needs refused or did not answer; nothing changed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    copyForNextTermCourse: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CourseCopyForNextTermBody"];
            };
        };
        responses: {
            /** @description The Course after copyForNextTerm */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CourseActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or the action does not apply */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description An outside service the action needs refused or did not answer; nothing changed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listEnrollmentRecord: {
        parameters: {
            query?: {
                /** @description List protocol. 1-based page number (default 1). Any list parameter makes the answer a ListPage. */
                page?: components["parameters"]["ListPageNumber"];
                /** @description List protocol. Rows per page, 1 to 500 (default 50). */
                pageSize?: components["parameters"]["ListPageSize"];
                /** @description List protocol. A row property to sort by, `-` first for descending (default `-id`); nulls last. */
                sort?: components["parameters"]["ListSort"];
                /** @description List protocol. Persian-aware search over the entity's searched fields: Arabic ي/ك match ی/ک, spaces and ZWNJ are ignored, Persian, Arabic and Latin digits match each other, Latin letters match in any case. */
                q?: components["parameters"]["ListSearch"];
                /** @description List protocol. Only these ids, comma-separated (at most 500). */
                ids?: components["parameters"]["ListIds"];
                /** @description List protocol. Equality filters as `f.<property>=<value>` (one parameter per property, repeated for "any of"): booleans as true/false, references as the id. */
                filters?: components["parameters"]["ListFilters"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every EnrollmentRecord, or one page of them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnrollmentRecord"][] | components["schemas"]["EnrollmentRecordListPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createEnrollmentRecord: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EnrollmentRecordCreate"];
            };
        };
        responses: {
            /** @description The created EnrollmentRecord */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnrollmentRecord"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
        };
    };
    cancelEnrollmentRecord: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EnrollmentRecordCancelBody"];
            };
        };
        responses: {
            /** @description The EnrollmentRecord after cancel */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnrollmentRecordActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or the action does not apply */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description An outside service the action needs refused or did not answer; nothing changed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    moveEnrollmentRecord: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EnrollmentRecordMoveBody"];
            };
        };
        responses: {
            /** @description The EnrollmentRecord after move */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnrollmentRecordActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or the action does not apply */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description An outside service the action needs refused or did not answer; nothing changed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    reinstateEnrollmentRecord: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordAction"];
            };
        };
        responses: {
            /** @description The EnrollmentRecord after reinstate */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnrollmentRecordActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or the action does not apply */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description An outside service the action needs refused or did not answer; nothing changed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listHoliday: {
        parameters: {
            query?: {
                /** @description List protocol. 1-based page number (default 1). Any list parameter makes the answer a ListPage. */
                page?: components["parameters"]["ListPageNumber"];
                /** @description List protocol. Rows per page, 1 to 500 (default 50). */
                pageSize?: components["parameters"]["ListPageSize"];
                /** @description List protocol. A row property to sort by, `-` first for descending (default `-id`); nulls last. */
                sort?: components["parameters"]["ListSort"];
                /** @description List protocol. Persian-aware search over the entity's searched fields: Arabic ي/ك match ی/ک, spaces and ZWNJ are ignored, Persian, Arabic and Latin digits match each other, Latin letters match in any case. */
                q?: components["parameters"]["ListSearch"];
                /** @description List protocol. Only these ids, comma-separated (at most 500). */
                ids?: components["parameters"]["ListIds"];
                /** @description List protocol. Equality filters as `f.<property>=<value>` (one parameter per property, repeated for "any of"): booleans as true/false, references as the id. */
                filters?: components["parameters"]["ListFilters"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every Holiday, or one page of them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Holiday"][] | components["schemas"]["HolidayListPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createHoliday: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["HolidayFields"];
            };
        };
        responses: {
            /** @description The created Holiday */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Holiday"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
        };
    };
    updateHoliday: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["HolidayUpdate"];
            };
        };
        responses: {
            /** @description The updated Holiday */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Holiday"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or a value another record holds */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteHoliday: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IdBody"];
            };
        };
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    previewSaveHoliday: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["HolidayFields"] | components["schemas"]["HolidayUpdate"];
            };
        };
        responses: {
            /** @description What saving this Holiday would change besides it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavePreview"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listContactMessage: {
        parameters: {
            query?: {
                /** @description List protocol. 1-based page number (default 1). Any list parameter makes the answer a ListPage. */
                page?: components["parameters"]["ListPageNumber"];
                /** @description List protocol. Rows per page, 1 to 500 (default 50). */
                pageSize?: components["parameters"]["ListPageSize"];
                /** @description List protocol. A row property to sort by, `-` first for descending (default `-id`); nulls last. */
                sort?: components["parameters"]["ListSort"];
                /** @description List protocol. Persian-aware search over the entity's searched fields: Arabic ي/ك match ی/ک, spaces and ZWNJ are ignored, Persian, Arabic and Latin digits match each other, Latin letters match in any case. */
                q?: components["parameters"]["ListSearch"];
                /** @description List protocol. Only these ids, comma-separated (at most 500). */
                ids?: components["parameters"]["ListIds"];
                /** @description List protocol. Equality filters as `f.<property>=<value>` (one parameter per property, repeated for "any of"): booleans as true/false, references as the id. */
                filters?: components["parameters"]["ListFilters"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every ContactMessage, or one page of them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactMessage"][] | components["schemas"]["ContactMessageListPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    updateContactMessage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactMessageUpdate"];
            };
        };
        responses: {
            /** @description The updated ContactMessage */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactMessage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or a value another record holds */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteContactMessage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IdBody"];
            };
        };
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    bulkEditContactMessage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactMessageBulkEditBody"];
            };
        };
        responses: {
            /** @description What was set, and the rows a rule kept as they were */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkEditResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
        };
    };
    replyContactMessage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactMessageReplyBody"];
            };
        };
        responses: {
            /** @description The ContactMessage after reply */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactMessageActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or the action does not apply */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description An outside service the action needs refused or did not answer; nothing changed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    archiveContactMessage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordAction"];
            };
        };
        responses: {
            /** @description The ContactMessage after archive */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactMessageActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or the action does not apply */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description An outside service the action needs refused or did not answer; nothing changed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listNotificationRecord: {
        parameters: {
            query?: {
                /** @description List protocol. 1-based page number (default 1). Any list parameter makes the answer a ListPage. */
                page?: components["parameters"]["ListPageNumber"];
                /** @description List protocol. Rows per page, 1 to 500 (default 50). */
                pageSize?: components["parameters"]["ListPageSize"];
                /** @description List protocol. A row property to sort by, `-` first for descending (default `-id`); nulls last. */
                sort?: components["parameters"]["ListSort"];
                /** @description List protocol. Persian-aware search over the entity's searched fields: Arabic ي/ك match ی/ک, spaces and ZWNJ are ignored, Persian, Arabic and Latin digits match each other, Latin letters match in any case. */
                q?: components["parameters"]["ListSearch"];
                /** @description List protocol. Only these ids, comma-separated (at most 500). */
                ids?: components["parameters"]["ListIds"];
                /** @description List protocol. Equality filters as `f.<property>=<value>` (one parameter per property, repeated for "any of"): booleans as true/false, references as the id. */
                filters?: components["parameters"]["ListFilters"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every NotificationRecord, or one page of them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationRecord"][] | components["schemas"]["NotificationRecordListPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    resendNotificationRecord: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordAction"];
            };
        };
        responses: {
            /** @description The NotificationRecord after resend */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationRecordActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or the action does not apply */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description An outside service the action needs refused or did not answer; nothing changed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listOrderItemRecord: {
        parameters: {
            query?: {
                /** @description List protocol. 1-based page number (default 1). Any list parameter makes the answer a ListPage. */
                page?: components["parameters"]["ListPageNumber"];
                /** @description List protocol. Rows per page, 1 to 500 (default 50). */
                pageSize?: components["parameters"]["ListPageSize"];
                /** @description List protocol. A row property to sort by, `-` first for descending (default `-id`); nulls last. */
                sort?: components["parameters"]["ListSort"];
                /** @description List protocol. Persian-aware search over the entity's searched fields: Arabic ي/ك match ی/ک, spaces and ZWNJ are ignored, Persian, Arabic and Latin digits match each other, Latin letters match in any case. */
                q?: components["parameters"]["ListSearch"];
                /** @description List protocol. Only these ids, comma-separated (at most 500). */
                ids?: components["parameters"]["ListIds"];
                /** @description List protocol. Equality filters as `f.<property>=<value>` (one parameter per property, repeated for "any of"): booleans as true/false, references as the id. */
                filters?: components["parameters"]["ListFilters"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every OrderItemRecord, or one page of them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderItemRecord"][] | components["schemas"]["OrderItemRecordListPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listOrderRecord: {
        parameters: {
            query?: {
                /** @description List protocol. 1-based page number (default 1). Any list parameter makes the answer a ListPage. */
                page?: components["parameters"]["ListPageNumber"];
                /** @description List protocol. Rows per page, 1 to 500 (default 50). */
                pageSize?: components["parameters"]["ListPageSize"];
                /** @description List protocol. A row property to sort by, `-` first for descending (default `-id`); nulls last. */
                sort?: components["parameters"]["ListSort"];
                /** @description List protocol. Persian-aware search over the entity's searched fields: Arabic ي/ك match ی/ک, spaces and ZWNJ are ignored, Persian, Arabic and Latin digits match each other, Latin letters match in any case. */
                q?: components["parameters"]["ListSearch"];
                /** @description List protocol. Only these ids, comma-separated (at most 500). */
                ids?: components["parameters"]["ListIds"];
                /** @description List protocol. Equality filters as `f.<property>=<value>` (one parameter per property, repeated for "any of"): booleans as true/false, references as the id. */
                filters?: components["parameters"]["ListFilters"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every OrderRecord, or one page of them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderRecord"][] | components["schemas"]["OrderRecordListPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    refundOrderRecord: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordAction"];
            };
        };
        responses: {
            /** @description The OrderRecord after refund */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderRecordActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or the action does not apply */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description An outside service the action needs refused or did not answer; nothing changed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    manualRefundOrderRecord: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrderRecordRecordManualRefundBody"];
            };
        };
        responses: {
            /** @description The OrderRecord after manualRefund */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderRecordActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or the action does not apply */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description An outside service the action needs refused or did not answer; nothing changed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listPaymentAttemptRecord: {
        parameters: {
            query?: {
                /** @description List protocol. 1-based page number (default 1). Any list parameter makes the answer a ListPage. */
                page?: components["parameters"]["ListPageNumber"];
                /** @description List protocol. Rows per page, 1 to 500 (default 50). */
                pageSize?: components["parameters"]["ListPageSize"];
                /** @description List protocol. A row property to sort by, `-` first for descending (default `-id`); nulls last. */
                sort?: components["parameters"]["ListSort"];
                /** @description List protocol. Persian-aware search over the entity's searched fields: Arabic ي/ك match ی/ک, spaces and ZWNJ are ignored, Persian, Arabic and Latin digits match each other, Latin letters match in any case. */
                q?: components["parameters"]["ListSearch"];
                /** @description List protocol. Only these ids, comma-separated (at most 500). */
                ids?: components["parameters"]["ListIds"];
                /** @description List protocol. Equality filters as `f.<property>=<value>` (one parameter per property, repeated for "any of"): booleans as true/false, references as the id. */
                filters?: components["parameters"]["ListFilters"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every PaymentAttemptRecord, or one page of them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentAttemptRecord"][] | components["schemas"]["PaymentAttemptRecordListPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listSignInSession: {
        parameters: {
            query?: {
                /** @description List protocol. 1-based page number (default 1). Any list parameter makes the answer a ListPage. */
                page?: components["parameters"]["ListPageNumber"];
                /** @description List protocol. Rows per page, 1 to 500 (default 50). */
                pageSize?: components["parameters"]["ListPageSize"];
                /** @description List protocol. A row property to sort by, `-` first for descending (default `-id`); nulls last. */
                sort?: components["parameters"]["ListSort"];
                /** @description List protocol. Persian-aware search over the entity's searched fields: Arabic ي/ك match ی/ک, spaces and ZWNJ are ignored, Persian, Arabic and Latin digits match each other, Latin letters match in any case. */
                q?: components["parameters"]["ListSearch"];
                /** @description List protocol. Only these ids, comma-separated (at most 500). */
                ids?: components["parameters"]["ListIds"];
                /** @description List protocol. Equality filters as `f.<property>=<value>` (one parameter per property, repeated for "any of"): booleans as true/false, references as the id. */
                filters?: components["parameters"]["ListFilters"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every SignInSession, or one page of them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignInSession"][] | components["schemas"]["SignInSessionListPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listSiblingDiscount: {
        parameters: {
            query?: {
                /** @description List protocol. 1-based page number (default 1). Any list parameter makes the answer a ListPage. */
                page?: components["parameters"]["ListPageNumber"];
                /** @description List protocol. Rows per page, 1 to 500 (default 50). */
                pageSize?: components["parameters"]["ListPageSize"];
                /** @description List protocol. A row property to sort by, `-` first for descending (default `-id`); nulls last. */
                sort?: components["parameters"]["ListSort"];
                /** @description List protocol. Persian-aware search over the entity's searched fields: Arabic ي/ك match ی/ک, spaces and ZWNJ are ignored, Persian, Arabic and Latin digits match each other, Latin letters match in any case. */
                q?: components["parameters"]["ListSearch"];
                /** @description List protocol. Only these ids, comma-separated (at most 500). */
                ids?: components["parameters"]["ListIds"];
                /** @description List protocol. Equality filters as `f.<property>=<value>` (one parameter per property, repeated for "any of"): booleans as true/false, references as the id. */
                filters?: components["parameters"]["ListFilters"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every SiblingDiscount, or one page of them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiblingDiscount"][] | components["schemas"]["SiblingDiscountListPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createSiblingDiscount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SiblingDiscountFields"];
            };
        };
        responses: {
            /** @description The created SiblingDiscount */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiblingDiscount"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
        };
    };
    updateSiblingDiscount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SiblingDiscountUpdate"];
            };
        };
        responses: {
            /** @description The updated SiblingDiscount */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiblingDiscount"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or a value another record holds */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteSiblingDiscount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IdBody"];
            };
        };
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    listStaffRole: {
        parameters: {
            query?: {
                /** @description List protocol. 1-based page number (default 1). Any list parameter makes the answer a ListPage. */
                page?: components["parameters"]["ListPageNumber"];
                /** @description List protocol. Rows per page, 1 to 500 (default 50). */
                pageSize?: components["parameters"]["ListPageSize"];
                /** @description List protocol. A row property to sort by, `-` first for descending (default `-id`); nulls last. */
                sort?: components["parameters"]["ListSort"];
                /** @description List protocol. Persian-aware search over the entity's searched fields: Arabic ي/ك match ی/ک, spaces and ZWNJ are ignored, Persian, Arabic and Latin digits match each other, Latin letters match in any case. */
                q?: components["parameters"]["ListSearch"];
                /** @description List protocol. Only these ids, comma-separated (at most 500). */
                ids?: components["parameters"]["ListIds"];
                /** @description List protocol. Equality filters as `f.<property>=<value>` (one parameter per property, repeated for "any of"): booleans as true/false, references as the id. */
                filters?: components["parameters"]["ListFilters"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every StaffRole, or one page of them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffRole"][] | components["schemas"]["StaffRoleListPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createStaffRole: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StaffRoleFields"];
            };
        };
        responses: {
            /** @description The created StaffRole */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffRole"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
        };
    };
    updateStaffRole: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StaffRoleUpdate"];
            };
        };
        responses: {
            /** @description The updated StaffRole */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffRole"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or a value another record holds */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteStaffRole: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IdBody"];
            };
        };
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    listTeacher: {
        parameters: {
            query?: {
                /** @description List protocol. 1-based page number (default 1). Any list parameter makes the answer a ListPage. */
                page?: components["parameters"]["ListPageNumber"];
                /** @description List protocol. Rows per page, 1 to 500 (default 50). */
                pageSize?: components["parameters"]["ListPageSize"];
                /** @description List protocol. A row property to sort by, `-` first for descending (default `-id`); nulls last. */
                sort?: components["parameters"]["ListSort"];
                /** @description List protocol. Persian-aware search over the entity's searched fields: Arabic ي/ك match ی/ک, spaces and ZWNJ are ignored, Persian, Arabic and Latin digits match each other, Latin letters match in any case. */
                q?: components["parameters"]["ListSearch"];
                /** @description List protocol. Only these ids, comma-separated (at most 500). */
                ids?: components["parameters"]["ListIds"];
                /** @description List protocol. Equality filters as `f.<property>=<value>` (one parameter per property, repeated for "any of"): booleans as true/false, references as the id. */
                filters?: components["parameters"]["ListFilters"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every Teacher, or one page of them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Teacher"][] | components["schemas"]["TeacherListPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createTeacher: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TeacherFields"];
            };
        };
        responses: {
            /** @description The created Teacher */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Teacher"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
        };
    };
    updateTeacher: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TeacherUpdate"];
            };
        };
        responses: {
            /** @description The updated Teacher */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Teacher"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or a value another record holds */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteTeacher: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IdBody"];
            };
        };
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    listUser: {
        parameters: {
            query?: {
                /** @description List protocol. 1-based page number (default 1). Any list parameter makes the answer a ListPage. */
                page?: components["parameters"]["ListPageNumber"];
                /** @description List protocol. Rows per page, 1 to 500 (default 50). */
                pageSize?: components["parameters"]["ListPageSize"];
                /** @description List protocol. A row property to sort by, `-` first for descending (default `-id`); nulls last. */
                sort?: components["parameters"]["ListSort"];
                /** @description List protocol. Persian-aware search over the entity's searched fields: Arabic ي/ك match ی/ک, spaces and ZWNJ are ignored, Persian, Arabic and Latin digits match each other, Latin letters match in any case. */
                q?: components["parameters"]["ListSearch"];
                /** @description List protocol. Only these ids, comma-separated (at most 500). */
                ids?: components["parameters"]["ListIds"];
                /** @description List protocol. Equality filters as `f.<property>=<value>` (one parameter per property, repeated for "any of"): booleans as true/false, references as the id. */
                filters?: components["parameters"]["ListFilters"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every User, or one page of them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserPage"] | components["schemas"]["UserListPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserCreate"];
            };
        };
        responses: {
            /** @description The created User */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserUpdate"];
            };
        };
        responses: {
            /** @description The updated User */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or a value another record holds */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IdBody"];
            };
        };
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    lockUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordAction"];
            };
        };
        responses: {
            /** @description The User after lock */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or the action does not apply */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description An outside service the action needs refused or did not answer; nothing changed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    unlockUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordAction"];
            };
        };
        responses: {
            /** @description The User after unlock */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or the action does not apply */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description An outside service the action needs refused or did not answer; nothing changed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    resetPasswordUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordAction"];
            };
        };
        responses: {
            /** @description The User after resetPassword */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or the action does not apply */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description An outside service the action needs refused or did not answer; nothing changed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    resetSecondFactorUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordAction"];
            };
        };
        responses: {
            /** @description The User after resetSecondFactor */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or the action does not apply */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description An outside service the action needs refused or did not answer; nothing changed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listWaitlistEntryRecord: {
        parameters: {
            query?: {
                /** @description List protocol. 1-based page number (default 1). Any list parameter makes the answer a ListPage. */
                page?: components["parameters"]["ListPageNumber"];
                /** @description List protocol. Rows per page, 1 to 500 (default 50). */
                pageSize?: components["parameters"]["ListPageSize"];
                /** @description List protocol. A row property to sort by, `-` first for descending (default `-id`); nulls last. */
                sort?: components["parameters"]["ListSort"];
                /** @description List protocol. Persian-aware search over the entity's searched fields: Arabic ي/ك match ی/ک, spaces and ZWNJ are ignored, Persian, Arabic and Latin digits match each other, Latin letters match in any case. */
                q?: components["parameters"]["ListSearch"];
                /** @description List protocol. Only these ids, comma-separated (at most 500). */
                ids?: components["parameters"]["ListIds"];
                /** @description List protocol. Equality filters as `f.<property>=<value>` (one parameter per property, repeated for "any of"): booleans as true/false, references as the id. */
                filters?: components["parameters"]["ListFilters"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every WaitlistEntryRecord, or one page of them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WaitlistEntryRecord"][] | components["schemas"]["WaitlistEntryRecordListPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    offerWaitlistEntryRecord: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordAction"];
            };
        };
        responses: {
            /** @description The WaitlistEntryRecord after offer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WaitlistEntryRecordActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or the action does not apply */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description An outside service the action needs refused or did not answer; nothing changed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    leaveWaitlistEntryRecord: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordAction"];
            };
        };
        responses: {
            /** @description The WaitlistEntryRecord after leave */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WaitlistEntryRecordActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A stale version, or the action does not apply */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionConflict"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description An outside service the action needs refused or did not answer; nothing changed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
}
